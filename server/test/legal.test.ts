import { describe, expect, it } from 'vitest';
import { fromNano } from '@arcade/api-client/money';
import { productConfig } from '../src/domain/product-config';
import { databases, envelope, post, suiteServer } from './helpers';

describe.each(databases())('the figures the terms quote, on $name', (database) => {
  const suite = suiteServer(database);

  it('come before any login, from the product configuration the server runs on', async () => {
    const response = await post(suite.app, '/api/v3/legal/figures', {});
    expect(response.statusCode).toBe(200);
    const { data } = envelope(response) as { data: Record<string, Record<string, unknown>> };
    expect(data.wallet).toMatchObject({
      withdrawalFee: fromNano(productConfig.wallet.withdrawalFeeNano),
      minWithdrawal: fromNano(productConfig.wallet.minWithdrawalNano),
      dailyWithdrawalLimit: fromNano(productConfig.wallet.dailyWithdrawalLimitNano),
    });
    expect(data.games).toMatchObject({ maxPayout: fromNano(productConfig.games.maxPayoutNano) });
    expect(data.referral).toEqual({
      shareOfEdge: Number(productConfig.referral.shareOfEdge),
      minClaim: fromNano(productConfig.referral.minClaimNano),
    });
    expect(data.market).toMatchObject({
      sellerFee: Number(productConfig.market.sellerFee),
      giftSendFee: fromNano(productConfig.market.giftWithdrawalFeeNano),
    });
    expect(data.bonus).toEqual({
      lifetimeCap: fromNano(productConfig.bonus.lifetimeCapNano),
      wageringFactor: Number(productConfig.bonus.wageringFactor),
    });
  });

  it('still need the app key', async () => {
    const response = await post(suite.app, '/api/v3/legal/figures', {}, { appKey: null });
    expect(response.statusCode).toBe(401);
  });
});
