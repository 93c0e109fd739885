/** Decimal TON strings ("-1.25") as nanotons, so tests add and compare amounts exactly. */
export function nano(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0'));
  return negative ? -value : value;
}

/** Nanotons as the server writes TON: no trailing zeros, a minus sign when negative. */
export function ton(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  const fraction = (abs % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${sign}${abs / 1_000_000_000n}${fraction ? `.${fraction}` : ''}`;
}
