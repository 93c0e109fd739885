/** 1 TON in nanotons. */
export const NANO = 1_000_000_000n;

const DECIMAL = /^(0|[1-9]\d*)(\.(\d{1,9}))?$/;

/** Parses a decimal TON string ("12.5") into nanotons; throws on anything else. */
export function toNano(amount: string): bigint {
  const match = DECIMAL.exec(amount);
  if (!match) throw new RangeError(`"${amount}" is not a TON amount`);
  const whole = BigInt(match[1] ?? '0');
  const fraction = (match[3] ?? '').padEnd(9, '0');
  return whole * NANO + BigInt(fraction);
}

/** Formats nanotons as the shortest decimal TON string ("12.5", "0", "-0.01"). */
export function fromNano(nano: bigint): string {
  const sign = nano < 0n ? '-' : '';
  const abs = nano < 0n ? -nano : nano;
  const whole = abs / NANO;
  const fraction = (abs % NANO).toString().padStart(9, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}
