import { ApiError } from '@arcade/api-client/errors';
import { walletRefusals } from '@arcade/api-client/wallet';
import { toast } from '../src/lib/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { explainCallError } from '../src/features/wallet/call-errors';
import { readRefusal, refusalKeys, refusalPlace } from '../src/features/wallet/refusals';
import { registerWalletTexts } from '../src/features/wallet/wallet-texts';
import { createI18n } from './i18n-helper';

function refused(code: string | null, message = 'Server says no.'): ApiError {
  return new ApiError('failure', message, 400, '/api/v3/wallet/withdraw', undefined, code);
}

afterEach(() => vi.restoreAllMocks());

describe('wallet refusal codes', () => {
  it('go next to the field they are about, the rest to a toast', () => {
    expect(refusalPlace('withdraw.address.invalid')).toBe('address');
    expect(refusalPlace('withdraw.address.own-wallet')).toBe('address');
    expect(refusalPlace('withdraw.amount.min')).toBe('amount');
    expect(refusalPlace('withdraw.amount.daily-limit')).toBe('amount');
    expect(refusalPlace('deposit.amount.min')).toBe('amount');
    expect(refusalPlace('deposit.test-unavailable')).toBe('toast');
    expect(refusalPlace('account.banned')).toBe('toast');
    expect(refusalPlace('link.expired')).toBe('toast');
    expect(refusalPlace('something.new')).toBe('toast');
  });

  it('every code of the contract has a text in both languages', () => {
    const ru = createI18n('ru');
    const en = createI18n('en');
    registerWalletTexts(ru);
    registerWalletTexts(en);
    for (const code of walletRefusals) {
      const key = refusalKeys[code];
      expect(ru.exists(key), `${code} in ru`).toBe(true);
      expect(en.exists(key), `${code} in en`).toBe(true);
    }
    expect(en.t(refusalKeys['withdraw.address.invalid'])).toBe('This is not a valid TON address. Check it for typos or copy it again.');
  });

  it('are read from failures only, with the server message as the fallback', () => {
    expect(readRefusal(refused('withdraw.address.invalid'))).toEqual({
      place: 'address',
      key: 'wallet.refusal.addressInvalid',
      message: 'Server says no.',
    });
    expect(readRefusal(refused('brand.new-code', 'Brand new reason.'))).toEqual({
      place: 'toast',
      key: null,
      message: 'Brand new reason.',
    });
    expect(readRefusal(refused('toString'))?.key).toBeNull();
    expect(readRefusal(new ApiError('request', 'Network request failed', null, '/x'))).toBeNull();
    expect(readRefusal(new Error('boom'))).toBeNull();
  });
});

describe('explaining a failed wallet call', () => {
  const t = (() => {
    const instance = createI18n('en');
    registerWalletTexts(instance);
    return instance.t;
  })();

  it('returns the translated text for the address field', () => {
    const error = vi.spyOn(toast, 'error');
    expect(explainCallError(refused('withdraw.address.testnet'), t)).toEqual({
      address: 'This is a testnet address. Enter a mainnet address.',
    });
    expect(error).not.toHaveBeenCalled();
  });

  it('fills in the numbers of amount refusals', () => {
    expect(explainCallError(refused('withdraw.amount.min'), t, { min: '0.1' })).toEqual({ amount: 'The minimum withdrawal is 0.1 TON.' });
  });

  it("toasts account-wide refusals, and unknown codes in the server's words", () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    expect(explainCallError(refused('account.banned'), t)).toEqual({});
    expect(error).toHaveBeenLastCalledWith('Your account is blocked: deposits and withdrawals are not available.', expect.anything());
    explainCallError(refused('brand.new-code', 'Brand new reason.'), t);
    expect(error).toHaveBeenLastCalledWith('Brand new reason.', expect.anything());
  });
});
