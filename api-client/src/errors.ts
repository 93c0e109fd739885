/** Everything the client raises is an ApiError; `kind` says which rule of spec section 5 and 8 it is. */
export type ApiErrorKind =
  /** The reply did not match its schema: 'Invalid data'. */
  | 'invalid-data'
  /** A profile call answered success false: 'invalid response'. */
  | 'invalid-response'
  /** The server answered success false with its own message (status below 500). */
  | 'failure'
  /** Status 500 and above, or the network failed: a request error. */
  | 'request';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null,
    readonly call: string,
    readonly detail?: string,
    /** The server's machine-readable reason, when it gave one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }

  static is(value: unknown, kind?: ApiErrorKind): value is ApiError {
    return value instanceof ApiError && (kind === undefined || value.kind === kind);
  }
}

export const INVALID_DATA = 'Invalid data';
export const INVALID_RESPONSE = 'invalid response';
