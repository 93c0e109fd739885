import type { BetResult } from '@arcade/api-client/games';
import type { Db } from '../../db/db';
import { KEY_REUSED, SYSTEM_SHARDS } from '../ledger';
import { productConfig } from '../product-config';
import { betBatchSize } from '../../metrics';

interface BetItemBase {
  user: string;
  key: string;
  hash: string;
  /** The money call's name, kept with the idempotency key. */
  call: string;
  game: 'flip' | 'roll' | 'road';
  currency: 'ton' | 'bonus';
  stake: string;
  payout: string;
  multiplier: string;
  params: object;
  outcome: object;
  /** The reply as JSON text, with "@round", "@ton" and "@bonus" where the function puts the round id and the balances. */
  reply: string;
  now: string;
  /** The player whose session placed the bet: the actor of its movements. */
  actor: string;
}

/** One bet as the bet function (migration 019's arcade_bets) takes it. */
export type BetItem =
  /** reserved: the nonce was taken from the pair beforehand (seeds.ts); else it must be the pair's next one, which the function takes. */
  | (BetItemBase & { kind: 'instant' | 'road-start'; pair: string; nonce: number; reserved?: boolean })
  | (BetItemBase & { kind: 'road-finish'; round: string; passed: number; status: 'cashed' | 'lost' });

/**
 * The bet function's refusals, by name: the SQLSTATE-like codes its PL/pgSQL answers (or raises,
 * AR004) in migration 019. TypeScript reads them only through these names; batching.test.ts checks
 * that the function's text uses exactly these codes.
 */
export const BET_REFUSAL = {
  /** No such player. */
  unknownPlayer: 'AR001',
  balance: 'AR002',
  banned: 'AR003',
  /** The seed pair or its nonce, or a road round's lanes, are not the ones the bet was worked out with. */
  stale: 'AR004',
  /** The key was used for another request (the key rule's answer, arcade_key_answer). */
  keyReused: KEY_REUSED,
  /** A road start while the player has a road round open. */
  roadOpen: 'AR006',
  /** A road round's end after it ended. */
  roadNotOpen: 'AR007',
} as const;

/**
 * The bet function's responsible-play refusals (migration 026), apart from BET_REFUSAL so that
 * the codes of the functions before it stay exactly BET_REFUSAL's.
 */
export const PLAY_BET_REFUSAL = {
  /** The player has not confirmed being 18 or older. */
  age: 'PL001',
  /** A cool-off is in force. */
  paused: 'PL002',
  /** The player excluded themself. */
  excluded: 'PL003',
  /** The stake goes beyond what the loss limits leave. */
  loss: 'PL004',
  /** The stake goes beyond what the session's wager limit leaves. */
  wager: 'PL005',
} as const;
export type BetRefusal = (typeof BET_REFUSAL)[keyof typeof BET_REFUSAL] | (typeof PLAY_BET_REFUSAL)[keyof typeof PLAY_BET_REFUSAL];

/** What the function answers for a bet: the reply of an accepted bet or of a retried key, or a refusal. */
export type BetAnswer = BetResult | BetRefusal;

/** The most bets one call carries. */
const MOST_PER_BATCH = 64;

const ladder = (name: 'rounds' | 'wagered' | 'bestWin') => {
  const tiers = productConfig.achievements[name];
  return [
    { value: `{${tiers.map((tier) => tier.threshold).join(',')}}`, type: 'bigint[]' },
    { value: `{${tiers.map((tier) => tier.rewardNano).join(',')}}`, type: 'bigint[]' },
  ];
};
/**
 * The function's arguments after the bets, with their SQL types: the product's numbers, in the
 * order its parameters name them (the bets bench passes the same to pgbench).
 */
export const BET_RULES: ReadonlyArray<{ value: string; type: string }> = [
  {
    value: JSON.stringify(Object.fromEntries(Object.entries(productConfig.houseEdge).map(([game, edge]) => [game, Number(edge)]))),
    type: 'jsonb',
  },
  { value: String(productConfig.referral.shareOfEdge), type: 'bigint' },
  { value: String(productConfig.referral.minClaimNano), type: 'bigint' },
  ...ladder('rounds'),
  ...ladder('wagered'),
  ...ladder('bestWin'),
  { value: String(productConfig.bonus.lifetimeCapNano), type: 'bigint' },
  { value: String(productConfig.bonus.wageringFactor), type: 'bigint' },
  { value: String(SYSTEM_SHARDS), type: 'integer' },
];
const CALL = `SELECT arcade_bets($1::jsonb, ${BET_RULES.map((rule, n) => `$${n + 2}::${rule.type}`).join(', ')}) AS answers`;

/** Calls the bet function with some bets: one transaction, each bet decided on its own. */
export async function callBetFunction(db: Db, items: BetItem[]): Promise<BetAnswer[]> {
  betBatchSize.observe(items.length);
  const { rows } = await db.query<{ answers: BetAnswer[] }>(CALL, [JSON.stringify(items), ...BET_RULES.map((rule) => rule.value)]);
  return rows[0]!.answers;
}

interface Waiting {
  user: bigint;
  item: BetItem;
  resolve: (answer: BetAnswer) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for bets. A server has one batch on its way to the database at a time: a bet goes
 * at once when none is, and bets that arrive meanwhile wait and go together in the next call, one
 * database transaction that decides each bet on its own. At a quiet time every batch holds one bet;
 * at peak the waiting bets share one round trip, one commit and one statement per table.
 * A player has at most one bet in a batch (their next waits for the one before, as its nonce
 * depends on it).
 */
export class BetBatches {
  private waiting: Waiting[] = [];
  private sending = false;
  private readonly players = new Set<bigint>();

  constructor(private readonly db: Db) {}

  submit(user: bigint, item: BetItem): Promise<BetAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ user, item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.sending || this.waiting.length === 0) return;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    for (const bet of this.waiting) {
      if (batch.length < MOST_PER_BATCH && !this.players.has(bet.user)) {
        batch.push(bet);
        this.players.add(bet.user);
      } else {
        later.push(bet);
      }
    }
    this.waiting = later;
    this.sending = true;
    void this.send(batch);
  }

  /**
   * Sends a batch, then frees the way for the next one before answering this one's bets: the
   * waiting bets leave for the database while this batch's replies are written to the players.
   */
  private async send(batch: Waiting[]): Promise<void> {
    let answers: BetAnswer[] | null = null;
    let failure: unknown;
    try {
      answers = await callBetFunction(
        this.db,
        batch.map((bet) => bet.item),
      );
    } catch (error) {
      failure = error;
    }
    if (answers === null && batch.length > 1) {
      // A batch that failed as a whole (a pair rotated meanwhile, a fault): each bet goes again on
      // its own, so one bet's trouble is that bet's alone.
      const alone = await Promise.all(
        batch.map((bet) =>
          callBetFunction(this.db, [bet.item]).then(
            (answer) => ({ answer: answer[0]! }),
            (error: unknown) => ({ error }),
          ),
        ),
      );
      this.done(batch);
      alone.forEach((outcome, n) => ('answer' in outcome ? batch[n]!.resolve(outcome.answer) : batch[n]!.reject(outcome.error)));
      return;
    }
    this.done(batch);
    if (answers === null) batch[0]!.reject(failure);
    else batch.forEach((bet, n) => bet.resolve(answers[n]!));
  }

  /** The batch is through: its players may bet again, and the bets that waited go. */
  private done(batch: Waiting[]): void {
    this.sending = false;
    for (const bet of batch) this.players.delete(bet.user);
    this.pump();
  }
}

const perDb = new WeakMap<Db, BetBatches>();
const unbatched = new WeakSet<Db>();

/**
 * Turns batching on or off for a database's bets (BET_BATCHING): off, every bet is a batch of one,
 * sent at once. The same function decides both, so they write the same rows (batching.test.ts).
 */
export function setBetBatching(db: Db, on: boolean): void {
  if (on) unbatched.delete(db);
  else unbatched.add(db);
}

/** Sends a bet to the bet function: batched with others' unless batching is off for this database. */
export async function submitBet(db: Db, user: bigint, item: BetItem): Promise<BetAnswer> {
  if (unbatched.has(db)) return (await callBetFunction(db, [item]))[0]!;
  let bets = perDb.get(db);
  if (!bets) perDb.set(db, (bets = new BetBatches(db)));
  return bets.submit(user, item);
}
