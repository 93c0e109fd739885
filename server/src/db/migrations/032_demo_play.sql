-- Demo play: the three games with play chips. Nothing here is money and nothing here touches the
-- ledger: no account, no journal row, no limit, achievement, leaderboard, live feed or wager
-- counter reads these tables. They live on the server (not in the app) so that the server alone
-- decides outcomes from a committed seed, and the demo balance is the same on every device.

-- A player's demo balance in nano play chips (the same scale as TON so the same stake rules apply).
CREATE TABLE demo_balances (
  user_id     BIGINT PRIMARY KEY REFERENCES users (id),
  balance     BIGINT NOT NULL CHECK (balance >= 0),
  refills     INTEGER NOT NULL DEFAULT 0 CHECK (refills >= 0),
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The demo seed pair: the same shape as seed_pairs, kept apart so demo play can neither reveal
-- nor use up the nonces of the real pair.
CREATE TABLE demo_seed_pairs (
  id                    BIGSERIAL PRIMARY KEY,
  user_id               BIGINT NOT NULL REFERENCES users (id),
  server_seed           TEXT NOT NULL,
  server_seed_hash      TEXT NOT NULL,
  client_seed           TEXT NOT NULL,
  next_nonce            INTEGER NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  next_server_seed      TEXT NOT NULL,
  next_server_seed_hash TEXT NOT NULL,
  active                BOOLEAN NOT NULL DEFAULT true,
  created_at            TIMESTAMPTZ NOT NULL DEFAULT now(),
  revealed_at           TIMESTAMPTZ,
  CHECK (active OR revealed_at IS NOT NULL)
);

CREATE UNIQUE INDEX demo_seed_pairs_one_active_idx ON demo_seed_pairs (user_id) WHERE active;
CREATE INDEX demo_seed_pairs_user_idx ON demo_seed_pairs (user_id, id DESC);

CREATE TABLE demo_rounds (
  id           BIGSERIAL PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users (id),
  game         TEXT NOT NULL CHECK (game IN ('flip', 'roll', 'road')),
  stake        BIGINT NOT NULL CHECK (stake > 0),
  payout       BIGINT NOT NULL DEFAULT 0 CHECK (payout >= 0),
  -- In ten-thousandths, as game_rounds.
  multiplier   BIGINT NOT NULL DEFAULT 0,
  status       TEXT NOT NULL CHECK (status IN ('open', 'won', 'lost', 'cashed')),
  seed_pair_id BIGINT NOT NULL REFERENCES demo_seed_pairs (id),
  nonce        INTEGER NOT NULL,
  params       JSONB NOT NULL,
  outcome      JSONB NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at  TIMESTAMPTZ,
  UNIQUE (seed_pair_id, nonce)
);

CREATE UNIQUE INDEX demo_rounds_one_open_road_idx ON demo_rounds (user_id) WHERE game = 'road' AND status = 'open';
CREATE INDEX demo_rounds_user_game_idx ON demo_rounds (user_id, game, id DESC);
