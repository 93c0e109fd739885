-- Provably fair seed pairs and game rounds.

-- A player's seed pair: the secret server seed (shown only as its hash until rotated), the
-- client seed the player chose, the next nonce, and the committed seed that comes next.
CREATE TABLE seed_pairs (
  id               BIGSERIAL PRIMARY KEY,
  user_id          BIGINT NOT NULL REFERENCES users (id),
  server_seed      TEXT NOT NULL,
  server_seed_hash TEXT NOT NULL,
  client_seed      TEXT NOT NULL,
  next_nonce       INTEGER NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  next_server_seed TEXT NOT NULL,
  next_server_seed_hash TEXT NOT NULL,
  active           BOOLEAN NOT NULL DEFAULT true,
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  revealed_at      TIMESTAMPTZ,
  CHECK (active OR revealed_at IS NOT NULL)
);

CREATE UNIQUE INDEX seed_pairs_one_active_idx ON seed_pairs (user_id) WHERE active;
CREATE INDEX seed_pairs_user_idx ON seed_pairs (user_id, id DESC);

CREATE TABLE game_rounds (
  id           BIGSERIAL PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users (id),
  game         TEXT NOT NULL CHECK (game IN ('flip', 'roll', 'road')),
  currency     TEXT NOT NULL CHECK (currency IN ('ton', 'bonus')),
  stake        BIGINT NOT NULL CHECK (stake > 0),
  payout       BIGINT NOT NULL DEFAULT 0 CHECK (payout >= 0),
  -- In ten-thousandths: 19800 is 1.98x.
  multiplier   BIGINT NOT NULL DEFAULT 0,
  status       TEXT NOT NULL CHECK (status IN ('open', 'won', 'lost', 'cashed')),
  seed_pair_id BIGINT NOT NULL REFERENCES seed_pairs (id),
  nonce        INTEGER NOT NULL,
  -- What the player chose (side; target and direction; difficulty) and what came out.
  params       JSONB NOT NULL,
  outcome      JSONB NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  finished_at  TIMESTAMPTZ,
  UNIQUE (seed_pair_id, nonce)
);

CREATE UNIQUE INDEX game_rounds_one_open_road_idx ON game_rounds (user_id) WHERE game = 'road' AND status = 'open';
CREATE INDEX game_rounds_user_idx ON game_rounds (user_id, id DESC);
CREATE INDEX game_rounds_user_game_idx ON game_rounds (user_id, game, id DESC);
