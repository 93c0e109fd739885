import type { FullProfile, Language, LightProfile } from '@arcade/api-client/schemas';
import { fromNano } from '@arcade/api-client/money';
import type { Db } from '../db/db';
import { findProfile, markOnboardingCompleted, setLang, setNotifications, type ProfileRow } from '../db/users';
import { DomainError } from './errors';
import { multiplierText } from '@arcade/api-client/fair';
import { statsOf } from './bonus/achievements';
import { dailyState } from './bonus/daily';
import { referralInfo } from './bonus/referral';
import { pauseInForce } from './play/play';
import { accountMessages } from './users';

async function loadPlayer(db: Db, userId: bigint): Promise<ProfileRow> {
  const row = await findProfile(db, userId);
  if (!row) throw new DomainError('unauthenticated', accountMessages.unknown);
  return row;
}

function toLightProfile(row: ProfileRow): LightProfile {
  return {
    balance: { ton: fromNano(row.ton_balance), bonusTon: fromNano(row.bonus_balance) },
    name: [row.first_name, row.last_name].filter(Boolean).join(' ').trim(),
    avatarUrl: row.photo_url ?? '',
    onboardingCompleted: row.onboarding_completed,
    onboardingWalletCompleted: row.onboarding_wallet_completed,
    lang: row.lang,
  };
}

export async function getLightProfile(db: Db, userId: bigint): Promise<LightProfile> {
  return toLightProfile(await loadPlayer(db, userId));
}

export async function getFullProfile(db: Db, userId: bigint, now: Date = new Date()): Promise<FullProfile> {
  const row = await loadPlayer(db, userId);
  const [referral, stats, daily, pause] = await Promise.all([
    referralInfo(db, userId, '', now),
    statsOf(db, userId),
    dailyState(db, userId, now),
    pauseInForce(db, userId, now),
  ]);
  return {
    ...toLightProfile(row),
    friends: {
      referralCode: row.referral_code,
      totalReferrals: referral.totalReferrals,
      activeReferrals: referral.activeReferrals,
      // Earnings waiting to be claimed, in TON (the spec's shape is a number).
      referralAmount: Number(referral.available),
    },
    isBanned: row.is_banned,
    telegram: {
      isAddedToAttachmentMenu: row.added_to_attachment_menu,
      isAllowsWriteToPm: row.allows_write_to_pm && !row.notifications_muted,
    },
    achievements: {
      numberRounds: Number(stats.rounds),
      betAmount: Number(fromNano(stats.wagered)),
      maximumWin: Number(multiplierText(Number(stats.bestMultiplier))),
    },
    dailyReward: {
      // Not during a pause: the claim would be refused (responsible play).
      shouldShow: !daily.claimedToday && !pause,
      currentDay: daily.currentDay,
      rewards: daily.rewards.map((r) => ({ day: r.day, reward: Number(r.reward), isClaimed: r.isClaimed })),
    },
  };
}

export async function completeOnboarding(db: Db, userId: bigint): Promise<{ onboardingCompleted: true }> {
  if (!(await markOnboardingCompleted(db, userId))) throw new DomainError('unauthenticated', accountMessages.unknown);
  return { onboardingCompleted: true };
}

export async function changeLanguage(db: Db, userId: bigint, lang: Language): Promise<LightProfile> {
  if (!(await setLang(db, userId, lang))) throw new DomainError('unauthenticated', accountMessages.unknown);
  return getLightProfile(db, userId);
}

export async function changeNotifications(db: Db, userId: bigint, enabled: boolean): Promise<{ enabled: boolean }> {
  await setNotifications(db, userId, enabled);
  return { enabled };
}
