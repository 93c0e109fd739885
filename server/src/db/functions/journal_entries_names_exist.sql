-- The checks look each name up once per statement, by its key, whatever the statistics say (see
-- migration 014).
CREATE OR REPLACE FUNCTION journal_entries_names_exist() RETURNS trigger
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
