-- A journal row is found by its account (a player's history, the audit's running balances), never
-- by its id alone: the key becomes (account_id, id), which the account index held already. Every
-- bet writes four journal rows; each now updates one index instead of two.
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_pkey;
DROP INDEX IF EXISTS journal_entries_account_idx;
ALTER TABLE journal_entries ADD PRIMARY KEY (account_id, id);
