/** Typed errors a service throws; one middleware turns them into an HTTP status and `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Validation extends AppError {
  constructor(message: string, details?: unknown) {
    super(400, message, details);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Please sign in again.') {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'You do not have permission for this action.') {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, details?: unknown) {
    super(409, message, details);
  }
}
export class TooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

/** Too many tries from one user name or one client address: refused until the window ends, which the message names. */
export class TooManyRequests extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfterSeconds });
  }
}

/** A save based on a version of the record that someone else has changed since. */
export const STALE_RECORD = 'This record was changed by someone else. Please reload it and try again.';
