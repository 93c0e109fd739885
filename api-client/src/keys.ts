import { type } from 'arktype';
import { lazy } from './lazy';
import { TonAmount } from './schemas';

/** The one form of an idempotency key: the contract validates it, the ledger checks it again. */
export const IDEMPOTENCY_KEY_FORM = /^[A-Za-z0-9_:-]{8,100}$/;

/** A client-chosen key that makes a money call safe to retry: the same key never moves money twice. */
export const IdempotencyKey = lazy(() => type(IDEMPOTENCY_KEY_FORM).describe('8 to 100 letters, digits, "-", "_" or ":"'));

/** A positive TON amount with at most 9 decimals, as the player typed it. */
export const PositiveTonAmount = lazy(() => TonAmount.narrow((value, ctx) => /[1-9]/.test(value) || ctx.mustBe('more than zero')));
