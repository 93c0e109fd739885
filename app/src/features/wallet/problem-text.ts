import { formatTon } from '../../lib/format';
import type { WalletInfo } from '@arcade/api-client/wallet';
import type { TFunction } from 'i18next';
import { payableFromBalance, type DepositAmountProblem, type WithdrawAmountProblem } from './amount';

/** The text of a client-side amount check, with the numbers from the wallet info. */
export function amountProblemText(
  t: TFunction,
  locale: string,
  problem: DepositAmountProblem | WithdrawAmountProblem,
  info: WalletInfo,
  purpose: 'deposit' | 'withdraw',
): string {
  const ton = (value: string | bigint) => formatTon(value, locale);
  switch (problem) {
    case 'empty':
      return t('wallet.problem.empty');
    case 'invalid':
      return t('wallet.problem.invalid');
    case 'decimals':
      return t('wallet.problem.decimals');
    case 'zero':
      return t('wallet.problem.zero');
    case 'min':
      return purpose === 'deposit'
        ? t('wallet.problem.depositMin', { amount: ton(info.limits.minDeposit) })
        : t('wallet.problem.withdrawMin', { amount: ton(info.limits.minWithdrawal) });
    case 'max':
      return t('wallet.problem.depositMax', { amount: ton(info.limits.maxDeposit) });
    case 'balance': {
      const payable = payableFromBalance(info.balance.ton, info.limits.withdrawalFee);
      return t('wallet.problem.balance', { fee: ton(info.limits.withdrawalFee), max: ton(payable) });
    }
    case 'daily':
      return t('wallet.problem.daily', { amount: ton(info.limits.dailyWithdrawalLeft) });
  }
}

/** The numbers server refusal texts mention. */
export function refusalValues(info: WalletInfo, locale: string) {
  const ton = (value: string) => formatTon(value, locale);
  return {
    min: ton(info.limits.minWithdrawal),
    fee: ton(info.limits.withdrawalFee),
    left: ton(info.limits.dailyWithdrawalLeft),
    minDeposit: ton(info.limits.minDeposit),
    maxDeposit: ton(info.limits.maxDeposit),
  };
}
