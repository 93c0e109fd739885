import { fromNano, toNano, type TonAmountProblem } from '@arcade/api-client/money';
import { readTonInput } from '../../lib/number-input';

/** Why a typed amount is not an amount at all. */
export type AmountProblem = TonAmountProblem;

/**
 * Reads a typed TON amount into nanotons: either decimal mark, group separators allowed
 * ("1 234,5", "1,234.5"), no floats, no exponents, no sign, at most 9 decimals.
 */
export const parseTonAmount = readTonInput;

/** The decimal string sent to the server for an amount. */
export function amountText(nano: bigint): string {
  return fromNano(nano);
}

export type DepositAmountProblem = AmountProblem | 'min' | 'max';
export type CheckedAmount<P extends string> = { ok: true; nano: bigint } | { ok: false; problem: P };

export function checkDepositAmount(input: string, minDeposit: string, maxDeposit: string): CheckedAmount<DepositAmountProblem> {
  const parsed = parseTonAmount(input);
  if (!parsed.ok) return parsed;
  if (parsed.nano < toNano(minDeposit)) return { ok: false, problem: 'min' };
  if (parsed.nano > toNano(maxDeposit)) return { ok: false, problem: 'max' };
  return parsed;
}

/** The numbers a withdrawal is checked against, all from the wallet info (decimal strings). */
export interface WithdrawLimits {
  balance: string;
  fee: string;
  minWithdrawal: string;
  dailyLeft: string;
}

export type WithdrawAmountProblem = AmountProblem | 'min' | 'balance' | 'daily';

/** The obvious errors, found before asking the server; the server still decides. */
export function checkWithdrawAmount(input: string, limits: WithdrawLimits): CheckedAmount<WithdrawAmountProblem> {
  const parsed = parseTonAmount(input);
  if (!parsed.ok) return parsed;
  const { arrives, total } = withdrawalSummary(parsed.nano, toNano(limits.fee));
  if (arrives < toNano(limits.minWithdrawal)) return { ok: false, problem: 'min' };
  if (total > toNano(limits.balance)) return { ok: false, problem: 'balance' };
  if (arrives > toNano(limits.dailyLeft)) return { ok: false, problem: 'daily' };
  return parsed;
}

export interface WithdrawalSummary {
  /** What reaches the destination wallet: the amount typed. */
  arrives: bigint;
  fee: bigint;
  /** What leaves the balance. */
  total: bigint;
}

export function withdrawalSummary(amount: bigint, fee: bigint): WithdrawalSummary {
  return { arrives: amount, fee, total: amount + fee };
}

/** What the balance can pay out once the fee is taken, never below zero. */
export function payableFromBalance(balance: string, fee: string): bigint {
  const afterFee = toNano(balance) - toNano(fee);
  return afterFee > 0n ? afterFee : 0n;
}

/**
 * The 'Max' amount: the balance less the fee (exact to the nanoton, so floored), capped by
 * today's limit left, never below zero.
 */
export function maxWithdrawal(limits: Pick<WithdrawLimits, 'balance' | 'fee' | 'dailyLeft'>): bigint {
  const payable = payableFromBalance(limits.balance, limits.fee);
  const dailyLeft = toNano(limits.dailyLeft);
  return payable < dailyLeft ? payable : dailyLeft;
}

/** A shape check only (friendly 48 characters of base64, or raw `wc:hex`); the server checks the rest. */
export function looksLikeTonAddress(input: string): boolean {
  const text = input.trim();
  return /^[A-Za-z0-9_\-+/]{48}$/.test(text) || /^-?\d{1,3}:[0-9a-fA-F]{64}$/.test(text);
}

export type AddressProblem = 'empty' | 'shape';

export function checkWithdrawAddress(input: string): AddressProblem | null {
  const text = input.trim();
  if (text === '') return 'empty';
  if (!looksLikeTonAddress(text)) return 'shape';
  return null;
}
