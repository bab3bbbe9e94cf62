/** A call answered with a status the screen did not expect. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`The API answered ${status}`);
    this.name = 'ApiError';
  }
}

/** The session ended mid-call; the app is already on its way to /landing, so say nothing. */
export class SessionExpiredError extends Error {
  constructor() {
    super('The session has expired');
    this.name = 'SessionExpiredError';
  }
}

export function isSessionExpired(error: unknown): boolean {
  return error instanceof SessionExpiredError;
}
