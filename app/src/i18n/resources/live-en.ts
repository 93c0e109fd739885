import type { Texts } from './en';

/**
 * English texts of the live wins feed and the weekly leaderboard (on the game screens) and of the
 * profile's switch that hides the player's name there. They load with those screens' code, in
 * both languages; `i18n/live-texts.ts` adds them to i18next under `live`.
 */
export const liveEn = {
  title: 'Live wins',
  tabs: {
    live: 'Live',
    week: 'Top of the week',
  },
  feed: {
    hidden: 'Hidden',
    noName: 'Player',
    big: 'Big win',
    lost: 'No luck',
    bonus: 'bonus',
    empty: 'No rounds yet. Play one and it shows here.',
    connecting: 'Connecting to the live feed…',
    reconnecting: 'Reconnecting…',
    bigRule: 'Big win: from {{multiplier}}× or {{payout}} TON.',
    row: '{{name}} · {{game}} · {{multiplier}}× · {{payout}} TON',
    rowLost: '{{name}} · {{game}} · no win',
    share: 'Share the win of {{name}}',
  },
  games: {
    flip: 'Flip',
    roll: 'Roll',
    road: 'Road',
  },
  board: {
    wagered: 'Most wagered',
    best: 'Best multiplier',
    resets: 'Resets on Monday 00:00 UTC, in {{time}}',
    days: '{{days}} d {{hours}} h',
    hours: '{{hours}} h {{minutes}} min',
    minutes: '{{minutes}} min',
    empty: 'Nobody has played this week yet.',
    you: 'You',
    loadError: 'Could not load the leaderboard.',
  },
  privacy: {
    title: 'My name in live wins',
    text: 'Your first name shows with your rounds in the live feed and on the weekly leaderboard. Turn it off to show as “Hidden”.',
    shown: 'Your name shows in live wins',
    hidden: 'You show as “Hidden” in live wins',
    failed: 'Could not save your choice, try again',
    tooMany: 'Too many changes: try again in a minute',
  },
};

/** Every language provides exactly these keys (checked by the compiler). */
export type LiveTexts = Texts<typeof liveEn>;
