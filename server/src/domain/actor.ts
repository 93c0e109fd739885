import { AsyncLocalStorage } from 'node:async_hooks';

/** The background work and people that may move money without a player's session. */
export type SystemJob =
  /** Credits deposits and settles withdrawals as the chain shows them (workers.ts). */
  | 'chain-watcher'
  /** Signs and broadcasts withdrawals (workers.ts). */
  | 'withdrawal-sender'
  /** An operator's command (operator.ts): resolving a deposit, rejecting a withdrawal. */
  | 'operator';

/** Who authorised a movement: the player whose verified session made the call, or a system job. */
export type Actor = { player: bigint } | { job: SystemJob };

/**
 * Which kinds of movement a system job may make that take money from a player's account. None
 * today: every debit of a player is that player's own call (a bet, a purchase, a withdrawal, a
 * claim). The audit (ledger.ts) refuses any other.
 */
export const SYSTEM_PLAYER_DEBITS: Readonly<Record<SystemJob, readonly string[]>> = {
  'chain-watcher': [],
  'withdrawal-sender': [],
  operator: [],
};

const current = new AsyncLocalStorage<Actor>();

/**
 * Runs `work` on behalf of `actor`: every movement it posts records that actor. The HTTP layer
 * opens this for the player of the verified session token (routes/call.ts), the workers and the
 * operator commands for their job; nothing else decides who moved money.
 */
export function actingAs<T>(actor: Actor, work: () => T): T {
  return current.run(actor, work);
}

/** The actor of the work in progress; a movement outside any is a bug, not a guess. */
export function currentActor(): Actor {
  const actor = current.getStore();
  if (!actor) throw new Error('A movement was posted outside any actor (actingAs): nobody would have authorised it');
  return actor;
}

/** The actor's columns in ledger_transactions (migration 016). */
export function actorColumns(actor: Actor): { playerId: bigint | null; job: SystemJob | null } {
  return 'player' in actor ? { playerId: actor.player, job: null } : { playerId: null, job: actor.job };
}
