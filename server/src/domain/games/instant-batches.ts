import type { BetResult } from '@arcade/api-client/games';
import type { Db } from '../../db/db';
import { SYSTEM_SHARDS } from '../ledger';
import { productConfig } from '../product-config';
import { instantBatchSize } from '../../metrics';

/** One instant bet as the batch function (migration 012's arcade_instant_bets) takes it. */
export interface InstantBetRow {
  user: string;
  key: string;
  hash: string;
  game: 'flip' | 'roll';
  pair: string;
  nonce: number;
  currency: 'ton' | 'bonus';
  stake: string;
  payout: string;
  multiplier: string;
  params: object;
  outcome: object;
  /** The referrer's cut of the house edge, if the player has a referrer (nanotons). */
  share: string;
  /** The reply as JSON text, with "@round", "@ton" and "@bonus" where the function puts the round id and the balances. */
  reply: string;
  now: string;
  /** The player whose session placed the bet: the actor of its movements. */
  actor: string;
}

/**
 * The batch function's refusals, by name: the SQLSTATE-like codes its PL/pgSQL answers (or raises,
 * AR004) in migration 016. TypeScript reads them only through these names; batching.test.ts checks
 * that the function's text uses exactly these codes.
 */
export const BET_REFUSAL = {
  /** The general path must take the bet: a first referral account, a claim threshold, an achievement tier, the end of wagering, an unknown player. */
  generalPath: 'AR001',
  balance: 'AR002',
  banned: 'AR003',
  /** The seed pair or its nonce is not the one the bet was worked out with. */
  staleSeeds: 'AR004',
  /** The key was used for another request. */
  keyReused: 'AR005',
} as const;
export type BetRefusal = (typeof BET_REFUSAL)[keyof typeof BET_REFUSAL];

/** What the function answers for a bet: the reply of an accepted bet or of a retried key, or a refusal. */
export type InstantBetAnswer = BetResult | BetRefusal;

/** The most bets one call carries. */
const MOST_PER_BATCH = 64;

const tiers = (ladder: 'rounds' | 'wagered' | 'bestWin') => `{${productConfig.achievements[ladder].map((tier) => tier.threshold).join(',')}}`;
const TIERS = { rounds: tiers('rounds'), wagered: tiers('wagered'), bestWin: tiers('bestWin') };

interface Waiting {
  user: bigint;
  row: InstantBetRow;
  resolve: (answer: InstantBetAnswer) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for instant bets. A server has one batch on its way to the database at a time:
 * a bet goes at once when none is, and bets that arrive meanwhile wait and go together in the
 * next call, one database transaction that decides each bet on its own. At a quiet time every
 * batch holds one bet; at peak the waiting bets share one round trip, one commit and one
 * statement per table (at 32 connections about 16 bets a call). Measured against two or four
 * batches at once, split by house row (bets bench): one is faster, as each batch costs about a
 * millisecond in PostgreSQL whatever its size, and smaller batches pay it for fewer bets (again
 * after migrations 014-015: two lanes 5684 and 5603 bets/s at 0.15 ms of PostgreSQL CPU a bet,
 * one 6444 and 5798 at 0.10-0.11).
 * A player has at most one bet on its way (their next waits for the one before, as its nonce
 * depends on it).
 */
export class InstantBets {
  private waiting: Waiting[] = [];
  private sending = false;
  private readonly players = new Set<bigint>();

  constructor(private readonly db: Db) {}

  submit(user: bigint, row: InstantBetRow): Promise<InstantBetAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ user, row, resolve, reject });
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
   * waiting bets leave for the database while this batch's replies are written to the players
   * (answering first kept the database idle for as long as that took).
   */
  private async send(batch: Waiting[]): Promise<void> {
    let answers: InstantBetAnswer[] | null = null;
    let failure: unknown;
    try {
      answers = await this.call(batch);
    } catch (error) {
      failure = error;
    }
    if (answers === null && batch.length > 1) {
      // A batch that failed as a whole (a deadlock, a pair rotated meanwhile, a fault): each bet
      // goes again on its own, so one bet's trouble is that bet's alone.
      const alone = await Promise.all(batch.map((bet) => this.call([bet]).then((answer) => ({ answer: answer[0]! }), (error: unknown) => ({ error }))));
      this.done(batch);
      alone.forEach((outcome, n) => ('answer' in outcome ? batch[n]!.resolve(outcome.answer) : batch[n]!.reject(outcome.error)));
      return;
    }
    this.done(batch);
    if (answers === null) batch[0]!.reject(failure);
    else batch.forEach((bet, n) => bet.resolve(answers[n]!));
  }

  private async call(batch: Waiting[]): Promise<InstantBetAnswer[]> {
    instantBatchSize.observe(batch.length);
    const { rows } = await this.db.query<{ answers: InstantBetAnswer[] }>(
      'SELECT arcade_instant_bets($1::jsonb, $2, $3::bigint[], $4::bigint[], $5::bigint[], $6) AS answers',
      [JSON.stringify(batch.map((bet) => bet.row)), productConfig.referral.minClaimNano, TIERS.rounds, TIERS.wagered, TIERS.bestWin, SYSTEM_SHARDS],
    );
    return rows[0]!.answers;
  }

  /** The batch is through: its players may bet again, and the bets that waited go. */
  private done(batch: Waiting[]): void {
    this.sending = false;
    for (const bet of batch) this.players.delete(bet.user);
    this.pump();
  }
}

const perDb = new WeakMap<Db, InstantBets>();
const unbatched = new WeakSet<Db>();

/**
 * Turns batching on or off for a database's bets (BET_BATCHING): off, every instant bet goes the
 * general path, one transaction statement by statement. The two write the same rows (batching.test.ts).
 */
export function setBetBatching(db: Db, on: boolean): void {
  if (on) unbatched.delete(db);
  else unbatched.add(db);
}

export function betBatching(db: Db): boolean {
  return !unbatched.has(db);
}

/** The batcher of a database (bets of one player on two databases have nothing in common). */
export function instantBets(db: Db): InstantBets {
  let bets = perDb.get(db);
  if (!bets) perDb.set(db, (bets = new InstantBets(db)));
  return bets;
}
