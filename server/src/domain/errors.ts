/** Why the domain refused something; routes map each kind to an HTTP status. */
export type DomainErrorKind =
  /** The input is not well formed. */
  | 'invalid'
  /** Who is asking could not be established (bad launch data, bad or expired session). */
  | 'unauthenticated'
  /** Known player, but not allowed to do this. */
  | 'forbidden'
  | 'not-found'
  | 'conflict';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** A stable reason the app can translate, e.g. 'withdraw.amount.min'. */
    readonly code?: string,
  ) {
    super(message);
  }
}
