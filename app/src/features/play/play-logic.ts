import { fromNano, toNano, type TonAmountProblem } from '@arcade/api-client/money';
import type { PlayLimit } from '@arcade/api-client';
import { readTonInput } from '../../lib/number-input';

/** Why a typed limit is not an amount. */
export type LimitProblem = TonAmountProblem;

export type ParsedLimit = { ok: true; amount: string } | { ok: false; problem: LimitProblem };

/** Reads a typed limit (either decimal mark, groups allowed) into the decimal text the server takes. */
export function parseLimit(input: string): ParsedLimit {
  const parsed = readTonInput(input);
  return parsed.ok ? { ok: true, amount: fromNano(parsed.nano) } : parsed;
}

/** What the row of a limit says under its name. */
export type LimitLine = { kind: 'used'; used: string; amount: string } | { kind: 'unlimited'; used: string };

export function limitLine(limit: PlayLimit): LimitLine {
  return limit.amount === null ? { kind: 'unlimited', used: limit.used } : { kind: 'used', used: limit.used, amount: limit.amount };
}

/** A raise or a removal waiting its 24 hours: what it will become and when; null when none waits. */
export type PendingLine = { kind: 'raise'; amount: string; at: Date } | { kind: 'remove'; at: Date } | null;

export function pendingLine(limit: PlayLimit): PendingLine {
  if (!limit.pending) return null;
  const at = new Date(limit.pending.effectiveAt);
  if (Number.isNaN(at.getTime())) return null;
  return limit.pending.amount === null ? { kind: 'remove', at } : { kind: 'raise', amount: limit.pending.amount, at };
}

/** Share of a limit used, 0 to 1 (0 with no limit). */
export function usedShare(limit: PlayLimit): number {
  if (limit.amount === null) return 0;
  const cap = toNano(limit.amount);
  if (cap <= 0n) return 1;
  const used = toNano(limit.used);
  if (used >= cap) return 1;
  return Number((used * 1000n) / cap) / 1000;
}

const MINUTE_MS = 60_000;

/**
 * When the next reality check is due: the next whole multiple of the interval since the session
 * started, after `after` (the last check shown, or now when the app opens mid-session).
 */
export function nextRealityCheckAt(sessionStartedAt: number, minutes: number, after: number): number {
  const interval = minutes * MINUTE_MS;
  if (!(interval > 0) || !Number.isFinite(sessionStartedAt)) return Number.POSITIVE_INFINITY;
  if (after < sessionStartedAt) return sessionStartedAt + interval;
  const done = Math.floor((after - sessionStartedAt) / interval);
  return sessionStartedAt + (done + 1) * interval;
}

/** Time played, as "1 hour, 15 minutes" / "1 час, 15 минут" in the player's language. */
export function formatPlayed(milliseconds: number, locale: string): string {
  const total = Math.max(0, Math.floor(milliseconds / MINUTE_MS));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (hours === 0) return unit(minutes, 'minute');
  if (minutes === 0) return unit(hours, 'hour');
  return `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
}
