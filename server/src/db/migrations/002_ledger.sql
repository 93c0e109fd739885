-- The double-entry ledger. Every balance change is a ledger transaction whose journal
-- entries sum to zero; accounts.balance is the cached sum of its entries.

-- System accounts may go below zero: 'deposits' counts the TON that came in from the chain,
-- 'house' pays wins out of its edge. Player balances never may.
ALTER TABLE accounts DROP CONSTRAINT accounts_balance_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_player_balance_not_negative CHECK (user_id IS NULL OR balance >= 0);
-- Players also get a 'referral' account for referral earnings waiting to be claimed.
ALTER TABLE accounts DROP CONSTRAINT accounts_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_player_kind CHECK (user_id IS NULL OR kind IN ('ton', 'bonus', 'referral'));

INSERT INTO accounts (code, kind) VALUES
  ('house', 'house'),
  ('deposits', 'deposits'),
  ('withdrawals_pending', 'withdrawals_pending'),
  ('withdrawals_paid', 'withdrawals_paid'),
  ('withdrawal_fees', 'withdrawal_fees'),
  ('bonus_pool', 'bonus_pool'),
  ('referral_pool', 'referral_pool');

CREATE TABLE ledger_transactions (
  id         BIGSERIAL PRIMARY KEY,
  kind       TEXT NOT NULL,
  user_id    BIGINT REFERENCES users (id),
  -- What this movement is about (a chain transaction hash, a withdrawal id, a round id):
  -- one movement of a kind per reference, so a replayed event can never move money twice.
  reference  TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (kind, reference)
);

CREATE INDEX ledger_transactions_user_idx ON ledger_transactions (user_id, id) WHERE user_id IS NOT NULL;

CREATE TABLE journal_entries (
  id             BIGSERIAL PRIMARY KEY,
  transaction_id BIGINT NOT NULL REFERENCES ledger_transactions (id),
  account_id     BIGINT NOT NULL REFERENCES accounts (id),
  amount         BIGINT NOT NULL CHECK (amount <> 0),
  balance_after  BIGINT NOT NULL
);

CREATE INDEX journal_entries_account_idx ON journal_entries (account_id, id);
CREATE INDEX journal_entries_transaction_idx ON journal_entries (transaction_id);

-- One row per money call a player made: a retry with the same key gets the first reply.
CREATE TABLE idempotency_keys (
  user_id      BIGINT NOT NULL REFERENCES users (id),
  key          TEXT NOT NULL,
  call         TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  reply        TEXT NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
