/** Fired on `window` when a signed-in call cannot be authorized even after a refresh. */
export const SESSION_EXPIRED_EVENT = 'prodify:session-expired';
