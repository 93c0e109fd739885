import type { Texts } from './en';

/**
 * English texts of the bonus screen: tasks, the daily reward, balances and refusals (the
 * referral, achievements and profile screens' are in player-screens-en.ts). Russian ships with
 * the bonus screen's code, English loads on switching; `i18n/bonus-texts.ts` adds them to
 * i18next under `player`.
 */
export const bonusEn = {
  loadError: 'Could not load this. Check your connection and try again.',
  ton: '{{amount}} TON',
  plusTon: '+{{amount}} TON',
  rewardCredited: 'Reward credited',
  balances: {
    title: 'Bonus account',
    granted: 'Bonus received',
    grantedOf: '{{granted}} of {{cap}} TON',
    capReached: 'You have received all the bonus there is.',
    wagering: 'Left to wager',
    wageringHint: 'Bets from either balance count down. At zero, your whole bonus balance turns into TON.',
    wageringDone: 'Nothing left to wager.',
  },
  daily: {
    title: 'Daily reward',
    day: 'Day {{day}}',
    dayShort: 'Day {{day}}',
    claim: 'Claim {{amount}} TON',
    claiming: 'Claiming…',
    availableIn: 'Available in {{time}}',
    note: 'Come back every UTC day: a missed day starts the streak again at day 1.',
    claimedCell: 'claimed',
  },
  time: {
    hoursMinutes: '{{hours}} h {{minutes}} min',
    minutesSeconds: '{{minutes}} min {{seconds}} s',
    seconds: '{{seconds}} s',
  },
  tasks: {
    title: 'Tasks',
    empty: 'No tasks right now. Come back later.',
    reward: '+{{amount}} TON bonus',
    claim: 'Claim',
    claimed: 'Claimed',
    conditionsNotMet: 'Conditions not met',
    progress: '{{current}} / {{target}}',
    play: 'Play',
    kinds: {
      Subscribe: 'Subscribe to our channel',
      DailyReward: 'Claim the daily reward',
      BetSummary: 'Wager {{target}} TON',
      GameActivityAny: 'Play {{target}} rounds in any game',
      GameActivityGame: 'Play {{target}} rounds of {{game}}',
    },
    hints: {
      Subscribe: 'Join the news channel, then come back and press Check.',
      SubscribeReady: 'Subscription confirmed. Claim your reward.',
      DailyReward: 'Same as the card above: one claim per UTC day.',
      BetSummary: 'Bets from either balance count.',
      GameActivity: 'Finished rounds count.',
    },
    subscribe: 'Subscribe',
    check: 'Check',
    checking: 'Checking…',
    games: {
      flip: 'Flip',
      roll: 'Roll',
      road: 'Road',
    },
  },
  refusal: {
    taskNotCompleted: 'Task not completed: you have not joined the channel yet. Join it, then press Check.',
    conditions: 'Conditions not met: the task’s target is not reached yet.',
    taskClaimed: 'This reward was already claimed',
    taskUnknown: 'This task is no longer available',
    dailyTooEarly: 'Today’s reward is already claimed',
    cap: 'You have received all the bonus there is: {{cap}} TON',
    referralMin: 'Earnings can be claimed from {{min}} TON',
    banned: 'Your account is blocked: rewards cannot be claimed.',
    network: 'No connection to the server. Check your internet and try again.',
    hostUnavailable: 'This needs a newer version of Telegram.',
  },
};

/** Every language provides exactly these keys (checked by the compiler and a unit test). */
export type BonusResources = Texts<typeof bonusEn>;
