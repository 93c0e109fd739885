import type { LegalFigures } from '@arcade/api-client/legal';
import { atomWithQuery } from 'jotai-tanstack-query';
import { createAppApi, type AppApi } from '../../lib/api';
import { appConfig } from '../../lib/config';
import { formatCount, formatTon } from '../../lib/format';
import { apiAtom } from '../../state/session';

let publicApi: AppApi | null = null;

/** The figures the terms quote: a public call, so the page also opens before (or without) a login. */
export const legalFiguresQueryAtom = atomWithQuery((get) => ({
  queryKey: ['legal', 'figures'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<LegalFigures> => {
    const api = get(apiAtom) ?? (publicApi ??= createAppApi({ appKey: appConfig().appKey }));
    return api.legal.figures({ signal });
  },
  staleTime: Number.POSITIVE_INFINITY,
}));

/** A share in basis points as the percent the text writes ("5", "0.5"), in the player's number form. */
function percent(basisPoints: number, locale: string): string {
  return formatCount(basisPoints / 100, locale);
}

/** The text's `{{values}}`: every figure of the product configuration, each through the app's formatter. */
export function legalValues(figures: LegalFigures, locale: string, bot: string): Record<string, string> {
  const ton = (amount: string) => formatTon(amount, locale);
  const { wallet, games, bonus, referral, market } = figures;
  return {
    bot,
    minDeposit: ton(wallet.minDeposit),
    maxDeposit: ton(wallet.maxDeposit),
    minWithdrawal: ton(wallet.minWithdrawal),
    withdrawalFee: ton(wallet.withdrawalFee),
    dailyLimit: ton(wallet.dailyWithdrawalLimit),
    reviewThreshold: ton(wallet.reviewThreshold),
    minBet: ton(games.minBet),
    maxBet: ton(games.maxBet),
    maxBonusBet: ton(games.maxBonusBet),
    maxPayout: ton(games.maxPayout),
    edgeFlip: percent(games.houseEdge.flip, locale),
    edgeRoll: percent(games.houseEdge.roll, locale),
    edgeRoad: percent(games.houseEdge.road, locale),
    bonusCap: ton(bonus.lifetimeCap),
    wageringFactor: formatCount(bonus.wageringFactor, locale),
    referralShare: percent(referral.shareOfEdge, locale),
    referralMinClaim: ton(referral.minClaim),
    sellerFee: percent(market.sellerFee, locale),
    giftSendFee: ton(market.giftSendFee),
    minPrice: ton(market.minPrice),
    maxPrice: ton(market.maxPrice),
  };
}

/** `https://t.me/<bot>/<app>` -> "@bot"; null for another kind of link (development has none). */
export function botOf(miniAppUrl: string): string | null {
  const match = /^https:\/\/t\.me\/([A-Za-z0-9_]{3,64})(?:\/|$)/.exec(miniAppUrl);
  return match?.[1] ? `@${match[1]}` : null;
}
