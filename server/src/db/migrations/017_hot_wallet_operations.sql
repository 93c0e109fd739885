-- The hot wallet's operations: how far the chain watcher has caught up (readiness, metrics) and
-- the operator's sweeps to cold storage, each an audited record kept before its broadcast.

-- One row per watched account and chain: the chain time up to which every transaction has been
-- applied (read before the pass, written after it), and when that pass ended. Every replica reads
-- the same row, whichever of them runs the watcher.
CREATE TABLE chain_sync (
  chain      TEXT NOT NULL,
  account    TEXT NOT NULL,
  chain_time BIGINT NOT NULL,
  synced_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (chain, account)
);

-- A sweep moves house money from the hot wallet to a cold address. It is not a movement of the
-- book (the book counts what is owed to players and the house, not which wallet holds the coins),
-- so it is recorded here: who asked, what the figures were, and the signed message, stored before
-- the first broadcast and matched by the watcher like a withdrawal (chain, query id, created_at).
CREATE TABLE hot_wallet_sweeps (
  id               BIGSERIAL PRIMARY KEY,
  -- The operator's idempotency key: the same key never sends twice.
  key              TEXT NOT NULL UNIQUE,
  chain            TEXT NOT NULL,
  to_address       TEXT NOT NULL,
  to_friendly      TEXT NOT NULL,
  amount           BIGINT NOT NULL CHECK (amount > 0),
  bounce           BOOLEAN NOT NULL,
  status           TEXT NOT NULL CHECK (status IN ('sent', 'done', 'failed', 'expired')),
  query_id         INTEGER NOT NULL,
  created_at_chain BIGINT NOT NULL,
  boc              TEXT NOT NULL,
  message_hash     TEXT NOT NULL,
  -- What the decision was made on: the balance on chain, the players' liabilities and the float.
  chain_balance    BIGINT NOT NULL,
  liabilities      BIGINT NOT NULL,
  float_kept       BIGINT NOT NULL,
  requested_by     TEXT NOT NULL,
  tx_hash          TEXT,
  note             TEXT,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX hot_wallet_sweeps_query_idx ON hot_wallet_sweeps (chain, query_id, created_at_chain);
CREATE INDEX hot_wallet_sweeps_open_idx ON hot_wallet_sweeps (id) WHERE status = 'sent';

-- The metrics count withdrawals the hot wallet failed to pay (refunded) at every scrape.
CREATE INDEX withdrawals_failed_idx ON withdrawals (id) WHERE status = 'refunded';
