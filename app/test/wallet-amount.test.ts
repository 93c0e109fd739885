import { describe, expect, it } from 'vitest';
import {
  checkDepositAmount,
  checkWithdrawAddress,
  checkWithdrawAmount,
  maxWithdrawal,
  parseTonAmount,
  payableFromBalance,
  withdrawalSummary,
} from '../src/features/wallet/amount';
import { shortAddress } from '../src/features/wallet/money-format';
import { depositArrived, type PendingDeposit } from '../src/state/wallet-info';
import { walletInfo } from './fixtures';

const limits = { balance: '10', fee: '0.05', minWithdrawal: '0.1', dailyLeft: '100' };

describe('typed TON amounts', () => {
  it('read plain decimals into nanotons', () => {
    expect(parseTonAmount('1')).toEqual({ ok: true, nano: 1_000_000_000n });
    expect(parseTonAmount('0.5')).toEqual({ ok: true, nano: 500_000_000n });
    expect(parseTonAmount('12.000000001')).toEqual({ ok: true, nano: 12_000_000_001n });
    expect(parseTonAmount('.25')).toEqual({ ok: true, nano: 250_000_000n });
    expect(parseTonAmount('3.')).toEqual({ ok: true, nano: 3_000_000_000n });
    expect(parseTonAmount('007.50')).toEqual({ ok: true, nano: 7_500_000_000n });
  });

  it('take a decimal comma and spaces as Russian keyboards type them', () => {
    expect(parseTonAmount('1,5')).toEqual({ ok: true, nano: 1_500_000_000n });
    expect(parseTonAmount(' 1 000,25 ')).toEqual({ ok: true, nano: 1_000_250_000_000n });
  });

  it('refuse what is not an amount', () => {
    expect(parseTonAmount('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseTonAmount('   ')).toEqual({ ok: false, problem: 'empty' });
    for (const text of ['abc', '1.2.3', '-1', '1e9', '0x10', '.', '+1', 'Infinity', '1..2']) {
      expect(parseTonAmount(text), text).toEqual({ ok: false, problem: 'invalid' });
    }
  });

  it('refuse more than 9 decimals and zero', () => {
    expect(parseTonAmount('1.0000000001')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseTonAmount('0')).toEqual({ ok: false, problem: 'zero' });
    expect(parseTonAmount('0.000000000')).toEqual({ ok: false, problem: 'zero' });
  });

  it('keep huge amounts exact (no floats)', () => {
    expect(parseTonAmount('9007199254740993.123456789')).toEqual({ ok: true, nano: 9007199254740993123456789n });
  });
});

describe('deposit amount checks', () => {
  it('apply the minimum deposit', () => {
    expect(checkDepositAmount('0.05', '0.1', '100000')).toEqual({ ok: false, problem: 'min' });
    expect(checkDepositAmount('0.1', '0.1', '100000')).toEqual({ ok: true, nano: 100_000_000n });
    expect(checkDepositAmount('x', '0.1', '100000')).toEqual({ ok: false, problem: 'invalid' });
  });
  it('apply the largest deposit', () => {
    expect(checkDepositAmount('100000', '0.1', '100000')).toEqual({ ok: true, nano: 100_000_000_000_000n });
    expect(checkDepositAmount('100000.000000001', '0.1', '100000')).toEqual({ ok: false, problem: 'max' });
    expect(checkDepositAmount('999999999.999999999', '0.1', '100000')).toEqual({ ok: false, problem: 'max' });
  });
});

describe('withdrawal maths in nanotons', () => {
  it('adds the fee to what arrives to get what is debited', () => {
    expect(withdrawalSummary(500_000_000n, 50_000_000n)).toEqual({ arrives: 500_000_000n, fee: 50_000_000n, total: 550_000_000n });
    // 0.1 + 0.2 is 0.30000000000000004 in floats; here it is exact.
    const parsed = parseTonAmount('0.1');
    if (!parsed.ok) throw new Error('0.1 should parse');
    expect(withdrawalSummary(parsed.nano, 200_000_000n).total).toBe(300_000_000n);
  });

  it("Max is the balance less the fee, capped by today's limit, never below zero", () => {
    expect(maxWithdrawal({ balance: '10', fee: '0.05', dailyLeft: '100' })).toBe(9_950_000_000n);
    expect(maxWithdrawal({ balance: '10', fee: '0.05', dailyLeft: '3.5' })).toBe(3_500_000_000n);
    expect(maxWithdrawal({ balance: '0.03', fee: '0.05', dailyLeft: '100' })).toBe(0n);
    expect(maxWithdrawal({ balance: '0.05', fee: '0.05', dailyLeft: '100' })).toBe(0n);
    expect(maxWithdrawal({ balance: '1.123456789', fee: '0.05', dailyLeft: '100' })).toBe(1_073_456_789n);
    expect(payableFromBalance('0', '0.05')).toBe(0n);
  });

  it('finds the obvious errors before the server does', () => {
    expect(checkWithdrawAmount('', limits)).toEqual({ ok: false, problem: 'empty' });
    expect(checkWithdrawAmount('one', limits)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkWithdrawAmount('1.1234567891', limits)).toEqual({ ok: false, problem: 'decimals' });
    expect(checkWithdrawAmount('0.09', limits)).toEqual({ ok: false, problem: 'min' });
    expect(checkWithdrawAmount('0.1', limits)).toEqual({ ok: true, nano: 100_000_000n });
    // 9.95 + 0.05 fee is exactly the balance: allowed; one nanoton more is not.
    expect(checkWithdrawAmount('9.95', limits)).toEqual({ ok: true, nano: 9_950_000_000n });
    expect(checkWithdrawAmount('9.950000001', limits)).toEqual({ ok: false, problem: 'balance' });
    expect(checkWithdrawAmount('5', { ...limits, dailyLeft: '4' })).toEqual({ ok: false, problem: 'daily' });
  });
});

describe('withdrawal address shape', () => {
  it('accepts friendly and raw forms and leaves the checksum to the server', () => {
    expect(checkWithdrawAddress('UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ')).toBeNull();
    expect(checkWithdrawAddress('  EQAJdvce+cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI/HQSQ ')).toBeNull();
    expect(checkWithdrawAddress(`0:${'ab'.repeat(32)}`)).toBeNull();
    expect(checkWithdrawAddress('')).toBe('empty');
    expect(checkWithdrawAddress('  ')).toBe('empty');
    expect(checkWithdrawAddress('not-an-address')).toBe('shape');
    expect(checkWithdrawAddress('UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQS')).toBe('shape');
  });
});

describe('money display', () => {
  it('shortens addresses to the first 4 and last 4 characters', () => {
    expect(shortAddress('UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSQ')).toBe('UQAJ…HQSQ');
  });
});

describe('deposit arrival', () => {
  const pending: PendingDeposit = { id: 'd1', amount: '2', baseline: '1.5', memo: 'abc', via: 'test', arrivedAt: null };
  const info = (ton: string) => walletInfo({ balance: { ton, bonusTon: '0' } });

  it('counts any rise of the TON balance over the balance before sending', () => {
    expect(depositArrived(pending, undefined)).toBe(false);
    expect(depositArrived(pending, info('1.5'))).toBe(false);
    expect(depositArrived(pending, info('1.4'))).toBe(false);
    expect(depositArrived(pending, info('1.500000001'))).toBe(true);
    expect(depositArrived(pending, info('3.5'))).toBe(true);
  });
});
