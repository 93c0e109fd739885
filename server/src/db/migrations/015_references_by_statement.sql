-- The rows every bet writes (its round, movements, journal rows and idempotency key) name a
-- player, a seed pair, a movement and accounts. As foreign keys, PostgreSQL checked each name
-- with a query of its own per row, locking the row named: about ten per bet, a fifth of the
-- database's work on bets (perf, the bets bench). The same rule is now checked once per
-- statement, for all its rows in one query:
--   * a row may only name a player, seed pair, movement or account that exists;
--   * what rows name is never removed, nor its id changed (the guards below), so a name that was
--     right when written stays right: what the foreign keys' row locks were for;
--   * journal rows, movements, rounds and keys never change what they name.
-- A bad name is refused with foreign_key_violation (23503), as before.

ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_transaction_id_fkey;
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_account_id_fkey;
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_user_id_fkey;
ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_user_id_fkey;
ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_seed_pair_id_fkey;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_user_id_fkey;

-- The checks look each name up once per statement, by its key, whatever the statistics say (see
-- migration 014).
CREATE FUNCTION journal_entries_names_exist() RETURNS trigger
LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT transaction_id FROM written) w WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = w.transaction_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = 'a journal row names a movement that does not exist';
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT account_id FROM written) w WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = w.account_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = 'a journal row names an account that does not exist';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER journal_entries_names_exist AFTER INSERT ON journal_entries
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION journal_entries_names_exist();

-- Movements, rounds and keys: the player (a movement may name none).
CREATE FUNCTION player_named_exists() RETURNS trigger
LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM written w WHERE w.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = w.user_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = format('a row of %s names a player who does not exist', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ledger_transactions_player_exists AFTER INSERT ON ledger_transactions
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION player_named_exists();
CREATE TRIGGER idempotency_keys_player_exists AFTER INSERT ON idempotency_keys
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION player_named_exists();

CREATE FUNCTION game_rounds_names_exist() RETURNS trigger
LANGUAGE plpgsql SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off
AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM written w WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = w.user_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = 'a round names a player who does not exist';
  END IF;
  IF EXISTS (SELECT 1 FROM written w WHERE NOT EXISTS (SELECT 1 FROM seed_pairs s WHERE s.id = w.seed_pair_id)) THEN
    RAISE foreign_key_violation USING MESSAGE = 'a round names a seed pair that does not exist';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER game_rounds_names_exist AFTER INSERT ON game_rounds
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION game_rounds_names_exist();

-- What the rows above name stays: no player, seed pair, movement or account is ever removed or
-- given another id, and no journal row, movement, round or key is given another name.
CREATE FUNCTION refuse_to_unname() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  RAISE restrict_violation USING MESSAGE = format('%s rows are kept as they are named: %s is refused', TG_TABLE_NAME, lower(TG_OP));
END;
$$;
CREATE TRIGGER users_kept BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON users
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_to_unname();
CREATE TRIGGER seed_pairs_kept BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON seed_pairs
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_to_unname();
CREATE TRIGGER ledger_transactions_kept BEFORE DELETE OR TRUNCATE OR UPDATE OF id, user_id ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_to_unname();
CREATE TRIGGER accounts_kept BEFORE DELETE OR TRUNCATE OR UPDATE OF id ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_to_unname();
CREATE TRIGGER journal_entries_kept BEFORE DELETE OR TRUNCATE OR UPDATE OF transaction_id, account_id ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_to_unname();
CREATE TRIGGER game_rounds_kept BEFORE DELETE OR TRUNCATE OR UPDATE OF user_id, seed_pair_id ON game_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_to_unname();
CREATE TRIGGER idempotency_keys_kept BEFORE DELETE OR TRUNCATE OR UPDATE OF user_id ON idempotency_keys
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_to_unname();
