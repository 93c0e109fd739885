import type { Texts } from './en';

/**
 * English texts of demo play (the DEMO mark, the demo balance, its switch, refill and fairness
 * panel). They load with the game screens; `demo-texts.ts` adds them to i18next under `demo`.
 */
export const demoEn = {
  badge: 'DEMO',
  /** The word after a demo amount, where real play says "TON". */
  unit: 'DEMO',
  balance: 'Demo balance',
  balanceNote: 'Play chips, not money',
  switch: 'Demo play',
  switchHint: 'Try the games with play chips: never money, never paid out.',
  offer: {
    title: 'No balance yet? Try a demo',
    text: 'Play {{game}} with {{amount}} demo chips. They are not money and cannot be withdrawn.',
    start: 'Play demo',
  },
  /** Game names inside sentences. */
  games: {
    flip: 'Flip',
    roll: 'Roll',
    road: 'Road',
  },
  refill: 'Refill to {{amount}}',
  refilled: 'Demo balance refilled to {{amount}} DEMO',
  play: 'Demo bet',
  stageMark: 'DEMO · not money',
  stakeFrom: 'Pays from the demo balance',
  refusal: {
    balance: 'Not enough on your demo balance: refill it.',
    round: 'This demo round is not yours or no longer exists.',
  },
  result: {
    payout: '{{amount}} DEMO',
    net: 'Net {{amount}} DEMO',
  },
  toast: {
    won: 'Demo win: {{amount}} DEMO',
    lost: 'Demo loss: {{amount}} DEMO',
    cashed: 'Demo cash-out: {{amount}} DEMO',
  },
  fair: {
    title: 'Demo fairness',
    text: 'Demo rounds use a seed pair of their own. The server seed is committed before you play and revealed when you change seeds.',
    hash: 'Server seed hash',
    client: 'Client seed',
    nonce: 'Next nonce',
    rotate: 'Change demo seeds (reveal)',
    rotated: 'Demo seeds changed: the old server seed is revealed',
    rounds: 'Last demo rounds',
    none: 'No demo rounds yet',
    verify: 'Verify',
    hide: 'Hide',
    hidden: 'Revealed when you change demo seeds',
    serverSeed: 'Revealed server seed',
    nonceUsed: 'Nonce',
    hashCheck: 'SHA-256 matches the hash shown before',
    computed: 'The seeds give',
    recorded: 'The round showed',
    yes: 'Yes',
    no: 'No',
    match: 'Verified: this demo round follows from the committed seed',
    mismatch: 'Does not match',
    round: 'Round {{id}}: {{summary}}',
  },
  errors: {
    load: 'Could not load the demo balance',
  },
};

/** Every language provides exactly these keys (checked by the compiler). */
export type DemoTexts = Texts<typeof demoEn>;

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A text key of demo play, as i18next sees it once added under `demo`. */
export type DemoKey = `demo.${Paths<typeof demoEn>}`;
