-- Every bet writes two or three movements and four to six journal rows: each index on them is
-- paid for at every bet. These two serve no query: a player's history goes through their
-- accounts (journal_entries_account_idx), and the audit's per-movement checks scan the journal
-- whole with hash joins.
DROP INDEX IF EXISTS ledger_transactions_user_idx;
DROP INDEX IF EXISTS journal_entries_transaction_idx;
