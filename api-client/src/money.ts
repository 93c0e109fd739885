/** 1 TON in nanotons. */
export const NANO = 1_000_000_000n;

/** TON has 9 decimals: a nanoton is the smallest amount. */
export const TON_DECIMALS = 9;

/** Amounts the contract carries are under a billion TON (schemas.ts TonAmount): the server refuses larger ones. */
export const TON_AMOUNT_LIMIT_NANO = 1_000_000_000n * NANO;

/** Why a text is not a TON amount. */
export type TonAmountProblem = 'empty' | 'invalid' | 'decimals' | 'zero';

export type ParsedTon = { ok: true; nano: bigint } | { ok: false; problem: TonAmountProblem };

export interface ParseTonOptions {
  /** Take "0" as an amount (a balance, a limit from the server); a typed amount must be more. */
  zero?: boolean;
  /** Only the API's form: no leading zero ("07.5" is refused; the app reads it as "7.5"). */
  canonical?: boolean;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * The one reader of a TON amount written as a decimal ("12.5", "0.000000001") into nanotons,
 * exactly (never through floating point, of any size). Digits with at most one dot and at most
 * 9 decimals: no sign, no exponent, no spaces or group separators; the app reads the player's
 * decimal comma and groups into this form first (lib/number-input.ts). Zero is refused unless
 * `zero`; a leading zero is read as written unless `canonical`.
 */
export function parseTon(text: string, options: ParseTonOptions = {}): ParsedTon {
  if (text === '') return { ok: false, problem: 'empty' };
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'invalid' };
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  if (options.canonical && whole.length > 1 && whole.startsWith('0')) return { ok: false, problem: 'invalid' };
  if (fraction.length > TON_DECIMALS) return { ok: false, problem: 'decimals' };
  const nano = BigInt(whole) * NANO + BigInt(fraction.padEnd(TON_DECIMALS, '0'));
  if (nano === 0n && !options.zero) return { ok: false, problem: 'zero' };
  return { ok: true, nano };
}

/** Parses the API's decimal TON string ("12.5") into nanotons; throws on anything else. */
export function toNano(amount: string): bigint {
  const parsed = parseTon(amount, { zero: true, canonical: true });
  if (!parsed.ok) throw new RangeError(`"${amount}" is not a TON amount`);
  return parsed.nano;
}

/** Formats nanotons as the shortest decimal TON string ("12.5", "0", "-0.01"). */
export function fromNano(nano: bigint): string {
  const sign = nano < 0n ? '-' : '';
  const abs = nano < 0n ? -nano : nano;
  const whole = abs / NANO;
  const fraction = (abs % NANO).toString().padStart(9, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}
