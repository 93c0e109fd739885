import type { Queryable } from '../domain/database';
import { DomainError } from '../domain/errors';
import type { Sessions } from '../domain/sessions';
import { accountMessages, playerExists } from '../domain/users';

/** Players remembered as known; past this the longest-known is forgotten (and asked about again). */
const MOST_REMEMBERED = 200_000;

/**
 * Sessions that also refuse (401) a well-signed token of a player the database does not know:
 * a token signed for an id never created, or for a database that was replaced. Without this such
 * a token reaches the calls, which fail on the missing rows (500) or answer from nothing.
 *
 * A player never stops existing (the ledger's rows are never deleted), so each player is looked
 * up once per process and then remembered: the hot path (a bet) does no query for it.
 */
export function knownPlayersOnly(sessions: Sessions, db: Queryable, mostRemembered = MOST_REMEMBERED): Sessions {
  const known = new Set<bigint>();
  // One lookup per player at a time, however many of their calls arrive together.
  const asking = new Map<bigint, Promise<boolean>>();

  const exists = (userId: bigint): Promise<boolean> => {
    let answer = asking.get(userId);
    if (!answer) {
      answer = playerExists(db, userId).finally(() => asking.delete(userId));
      asking.set(userId, answer);
    }
    return answer;
  };

  return {
    issue: (userId) => sessions.issue(userId),
    async verify(token) {
      const userId = await sessions.verify(token);
      if (known.has(userId)) return userId;
      if (!(await exists(userId))) throw new DomainError('unauthenticated', accountMessages.unknown);
      if (known.size >= mostRemembered) known.delete(known.values().next().value!);
      known.add(userId);
      return userId;
    },
  };
}
