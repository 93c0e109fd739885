import type { Texts } from './en';

/**
 * English texts of the referral, achievements and profile screens (under `player`, beside the
 * bonus screen's in bonus-en.ts). They load with those screens' code, in both languages;
 * `i18n/player-screens-texts.ts` adds them to i18next.
 */
export const playerScreensEn = {
  referral: {
    heroTitle: 'Invite friends, earn TON',
    heroText: 'You get a share of the house edge on every TON bet your friends make, for as long as they play.',
    code: 'Your code',
    link: 'Your invite link',
    share: 'Share',
    shareText: 'Play flip, roll and road for TON with me in TON Arcade!',
    copy: 'Copy link',
    copied: 'Link Copied',
    copyFailed: 'Could not copy the link',
    stats: 'Your friends',
    total: 'Invited',
    totalHint: 'joined with your link',
    active: 'Active',
    activeHint: 'bet in the last {{days}}',
    earnings: 'Earnings',
    available: 'Available',
    totalEarned: 'Earned in total',
    claim: 'Claim to TON balance',
    claiming: 'Claiming…',
    minClaim: 'You can claim from {{min}} TON.',
    claimed: '+{{amount}} TON moved to your TON balance',
  },
  achievements: {
    ladders: {
      rounds: 'Rounds played',
      wagered: 'Total wagered',
      bestWin: 'Best win',
    },
    value: {
      rounds: '{{value}}',
      wagered: '{{value}} TON',
      bestWin: '{{value}}×',
    },
    next: 'Next tier: {{threshold}}',
    count: '{{value}} / {{threshold}}',
    allEarned: 'All tiers earned',
    tier: 'Tier {{tier}}',
    earned: 'Earned',
    locked: 'Locked',
    badgeLabel: '{{ladder}}, tier {{tier}}: {{threshold}}, reward {{reward}} TON, {{state}}',
    rewardsNote: 'Each tier credits a small bonus once you reach it.',
    bestWinCap: 'A round pays at most {{cap}} TON: a {{threshold}} win pays in full at a stake up to {{stake}} TON.',
  },
  profile: {
    account: 'Account',
    linkedWallet: 'Linked wallet',
    noLinkedWallet: 'Not linked',
    manageWallet: 'Wallet',
    fairness: {
      title: 'Provably fair',
      text: 'Every outcome comes from your seed pair. The server seed’s hash is shown before you bet.',
      serverSeed: 'Server seed hash',
      clientSeed: 'Client seed',
      nonce: 'Next bet number',
      open: 'Check fairness',
    },
    homeScreen: {
      title: 'Add to home screen',
      text: 'Open TON Arcade right from your phone’s home screen.',
      add: 'Add to home screen',
      added: 'Added to your home screen',
    },
    notifications: {
      title: 'Bot notifications',
      text: 'Deposits, withdrawals and rewards as messages from the bot.',
      denied: 'Telegram did not allow the bot to message you.',
      saved: 'Notifications are on',
      off: 'Notifications are off',
    },
    sound: {
      title: 'Sound',
      text: 'A click for a bet, a chime for a win, a low note for a loss, a tick per lane.',
    },
    banned: 'Your account is blocked: you can look around, but money actions are not available.',
  },
};

/** Every language provides exactly these keys (checked by the compiler and a unit test). */
export type PlayerScreensResources = Texts<typeof playerScreensEn>;
