import { type } from 'arktype';
import type { Queryable } from '../db/db';
import { DomainError } from './errors';

/** Bot API BusinessConnection, the fields the relayer needs (Telegram sends it in business_connection updates). */
export const BusinessConnection = type({
  id: '0 < string <= 200',
  user: { id: 'number.integer > 0' },
  user_chat_id: 'number.integer',
  date: 'number.integer >= 0',
  'rights?': {
    'can_transfer_and_upgrade_gifts?': 'boolean',
    'can_transfer_stars?': 'boolean',
    'can_view_gifts_and_stars?': 'boolean',
  },
  is_enabled: 'boolean',
});
export type BusinessConnection = typeof BusinessConnection.infer;

/**
 * Keeps what Telegram said of a business connection: a new one, new rights, or its end (is_enabled
 * false marks it disabled). Said again by an older update (a redelivery), it changes nothing.
 * A malformed connection is refused (DomainError 'invalid') and nothing is written.
 */
export async function saveBusinessConnection(db: Queryable, updateId: number, input: unknown): Promise<BusinessConnection> {
  const connection = BusinessConnection(input);
  if (connection instanceof type.errors)
    throw new DomainError('invalid', `The business connection is malformed: ${connection.summary}`, 'telegram.update.invalid');
  // BusinessBotRights lists only the rights given: a right it leaves out is not given. An update
  // without rights at all (an older Bot API) says nothing of them.
  const right = (name: 'can_transfer_and_upgrade_gifts' | 'can_transfer_stars' | 'can_view_gifts_and_stars') =>
    connection.rights ? connection.rights[name] === true : null;
  await db.query(
    `INSERT INTO business_connections (id, user_id, user_chat_id, is_enabled, can_transfer_gifts, can_transfer_stars, can_view_gifts, connected_at, update_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8::double precision), $9)
     ON CONFLICT (id) DO UPDATE SET user_id = EXCLUDED.user_id, user_chat_id = EXCLUDED.user_chat_id, is_enabled = EXCLUDED.is_enabled,
       can_transfer_gifts = EXCLUDED.can_transfer_gifts, can_transfer_stars = EXCLUDED.can_transfer_stars, can_view_gifts = EXCLUDED.can_view_gifts,
       connected_at = EXCLUDED.connected_at, update_id = EXCLUDED.update_id, updated_at = now()
     WHERE business_connections.update_id < EXCLUDED.update_id`,
    [
      connection.id,
      BigInt(connection.user.id),
      BigInt(connection.user_chat_id),
      connection.is_enabled,
      right('can_transfer_and_upgrade_gifts'),
      right('can_transfer_stars'),
      right('can_view_gifts_and_stars'),
      connection.date,
      BigInt(updateId),
    ],
  );
  return connection;
}

/**
 * Whose connections the relayer may act through: the relayer account's (RELAYER_USER_ID), or
 * anyone's (development without it), or nobody's (production without it: anyone can connect a
 * business account to a bot, and the market's gifts must not be read from a stranger's).
 */
export type RelayerAccount = bigint | 'any' | null;

/** The newest enabled connection of the relayer account that may transfer gifts (or does not say), if any. */
export async function relayerConnectionId(db: Queryable, account: RelayerAccount): Promise<string | null> {
  if (account === null) return null;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM business_connections
     WHERE is_enabled AND can_transfer_gifts IS NOT FALSE AND ($1::bigint IS NULL OR user_id = $1::bigint)
     ORDER BY connected_at DESC, update_id DESC LIMIT 1`,
    [account === 'any' ? null : account],
  );
  return rows[0]?.id ?? null;
}

/** The relayer's connection lookup for a configuration (RELAYER_USER_ID, the mode). */
export function relayerConnections(config: {
  relayerUserId: bigint | null;
  production: boolean;
}): (db: Queryable) => Promise<string | null> {
  const account: RelayerAccount = config.relayerUserId ?? (config.production ? null : 'any');
  return (db) => relayerConnectionId(db, account);
}
