import type { FullProfile, LightProfile } from '@arcade/api-client';
import type { WalletInfo } from '@arcade/api-client/wallet';
import type { HostStart } from '../src/telegram/start-host';

export function lightProfile(overrides: Partial<LightProfile> = {}): LightProfile {
  return {
    balance: { ton: '12.5', bonusTon: '3' },
    name: 'Ann Lee',
    avatarUrl: '',
    onboardingCompleted: true,
    onboardingWalletCompleted: false,
    lang: 'en',
    ...overrides,
  };
}

export function fullProfile(overrides: Partial<FullProfile> = {}): FullProfile {
  return {
    ...lightProfile(),
    friends: { referralCode: 'r_ann', totalReferrals: 2, activeReferrals: 1, referralAmount: 0.5 },
    isBanned: false,
    telegram: { isAddedToAttachmentMenu: false, isAllowsWriteToPm: true },
    achievements: { numberRounds: 10, betAmount: 4, maximumWin: 2.5 },
    dailyReward: {
      shouldShow: true,
      currentDay: 2,
      rewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, reward: day / 10, isClaimed: day < 2 })),
    },
    ...overrides,
  };
}

/** A testnet wallet with 2 TON, test deposits on and the usual limits, no wallet linked. */
export function walletInfo(overrides: Partial<WalletInfo> = {}): WalletInfo {
  return {
    balance: { ton: '2', bonusTon: '0' },
    depositMemo: 'k7f3q',
    depositAddress: 'UQDeposit',
    network: 'testnet',
    testDeposits: true,
    limits: {
      minDeposit: '0.1',
      maxDeposit: '100000',
      minWithdrawal: '0.1',
      withdrawalFee: '0.05',
      dailyWithdrawalLimit: '100',
      dailyWithdrawalLeft: '100',
    },
    linkedWallet: null,
    ...overrides,
  };
}

export interface StubReply {
  status?: number;
  body: unknown;
}

export type StubHandler = (body: unknown, headers: Headers) => StubReply;

/** A fetch that answers API paths from handlers and records every call in order. */
export function stubServer(handlers: Record<string, StubHandler>) {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://app.test').pathname;
    calls.push(path);
    const handler = handlers[path];
    const text = typeof init?.body === 'string' ? init.body : '{}';
    const reply = handler
      ? handler(JSON.parse(text) as unknown, new Headers(init?.headers))
      : { status: 404, body: { success: false, message: 'Not found' } };
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
  return { fetch, calls };
}

export const ok = (data: unknown): StubReply => ({ body: { success: true, data } });
export const fail = (status: number, message: string): StubReply => ({ status, body: { success: false, message } });

/** Launch data of a test launch and the host's start that carries it (app/start.tsx's tests). */
export const INIT_DATA = 'query_id=1&user=%7B%22id%22%3A42%7D&hash=abc';
export const HOST: HostStart = { kind: 'ready', initData: INIT_DATA, userId: '42', platform: 'android', startParam: undefined };

/** The bonus screen's data as the server sends it: a first day to claim, no tasks. */
export const bonusState = {
  balance: { ton: '12.5', bonusTon: '3' },
  granted: '3',
  cap: '10',
  wageringLeft: '0',
  daily: { currentDay: 1, claimedToday: false, nextClaimAt: 2_000_000_000, rewards: [] },
  tasks: [],
};
