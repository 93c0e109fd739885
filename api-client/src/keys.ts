import { type } from 'arktype';
import { lazy } from './lazy';
import { TonAmount } from './schemas';

/** A client-chosen key that makes a money call safe to retry: the same key never moves money twice. */
export const IdempotencyKey = lazy(() => type(/^[A-Za-z0-9_:-]{8,100}$/).describe('8 to 100 letters, digits, "-", "_" or ":"'));

/** A positive TON amount with at most 9 decimals, as the player typed it. */
export const PositiveTonAmount = lazy(() => TonAmount.narrow((value, ctx) => /[1-9]/.test(value) || ctx.mustBe('more than zero')));
