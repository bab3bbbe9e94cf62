/** Fired on `window` when a signed-in call cannot be authorized even after a refresh. */
export const SESSION_EXPIRED_EVENT = 'prodify:session-expired';

/**
 * The refusals that mean this device was signed out on purpose from elsewhere: its session
 * ended from another device's list, or a password change there ended every other session.
 */
const ENDED_ELSEWHERE = new Set(['session_ended', 'password_changed']);

let endedElsewhere = false;

/** Notes why the last refresh was refused (its 401 body's `code`). */
export function noteRefusal(body: unknown): void {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : '';
  endedElsewhere = typeof code === 'string' && ENDED_ELSEWHERE.has(code);
}

/** Whether the session was last ended from another device; asking forgets it. */
export function takeEndedElsewhere(): boolean {
  const answer = endedElsewhere;
  endedElsewhere = false;
  return answer;
}
