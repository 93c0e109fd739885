-- TON in and out: the player's deposit memo, the watcher's cursor, deposits seen on chain and
-- withdrawals with what the highload sender needs to pay each exactly once.

ALTER TABLE users ADD COLUMN deposit_memo TEXT UNIQUE;

-- Where the watcher got to in an account's transactions, per chain (an emulated chain is new
-- every start, so its cursor must not be mistaken for the real network's).
CREATE TABLE chain_cursors (
  chain      TEXT NOT NULL,
  account    TEXT NOT NULL,
  lt         BIGINT NOT NULL,
  hash       TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (chain, account)
);

-- Every incoming transfer the watcher considered: credited to a player, or waiting for an
-- operator because its memo matched nobody.
CREATE TABLE deposits (
  id          BIGSERIAL PRIMARY KEY,
  chain       TEXT NOT NULL,
  tx_hash     TEXT NOT NULL,
  lt          BIGINT NOT NULL,
  source      TEXT,
  amount      BIGINT NOT NULL CHECK (amount > 0),
  comment     TEXT,
  user_id     BIGINT REFERENCES users (id),
  status      TEXT NOT NULL CHECK (status IN ('credited', 'unknown_memo', 'resolved', 'dismissed')),
  note        TEXT,
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  resolved_at TIMESTAMPTZ,
  UNIQUE (chain, tx_hash),
  CHECK (status <> 'credited' OR user_id IS NOT NULL)
);

CREATE INDEX deposits_review_idx ON deposits (id) WHERE status = 'unknown_memo';
CREATE INDEX deposits_user_idx ON deposits (user_id, id) WHERE user_id IS NOT NULL;

-- The highload wallet's query ids come from here, never from memory.
CREATE TABLE highload_query_sequence (
  only_row BOOLEAN PRIMARY KEY DEFAULT true CHECK (only_row),
  next     BIGINT NOT NULL
);
INSERT INTO highload_query_sequence (next) VALUES (0);

CREATE TABLE withdrawals (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users (id),
  to_address    TEXT NOT NULL,
  to_friendly   TEXT NOT NULL,
  amount        BIGINT NOT NULL CHECK (amount > 0),
  fee           BIGINT NOT NULL CHECK (fee >= 0),
  status        TEXT NOT NULL CHECK (status IN ('review', 'queued', 'sent', 'done', 'refunded', 'rejected')),
  -- Set together, in the database, before the first broadcast of a signed message.
  chain         TEXT,
  query_id      INTEGER,
  created_at_chain BIGINT,
  boc           TEXT,
  message_hash  TEXT,
  issues        INTEGER NOT NULL DEFAULT 0,
  sends         INTEGER NOT NULL DEFAULT 0,
  last_sent_at  TIMESTAMPTZ,
  tx_hash       TEXT,
  note          TEXT,
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (status <> 'sent' OR (boc IS NOT NULL AND query_id IS NOT NULL AND created_at_chain IS NOT NULL))
);

CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id);
CREATE INDEX withdrawals_open_idx ON withdrawals (status, id) WHERE status IN ('review', 'queued', 'sent');
CREATE UNIQUE INDEX withdrawals_query_idx ON withdrawals (chain, query_id, created_at_chain) WHERE query_id IS NOT NULL;
