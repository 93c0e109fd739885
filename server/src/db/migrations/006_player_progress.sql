-- What a player has done (for achievements and tasks), the bonus they were given (capped) and
-- the wagering that turns bonus into TON, and the claims of rewards, each granted once.

CREATE TABLE player_stats (
  user_id         BIGINT PRIMARY KEY REFERENCES users (id),
  rounds          BIGINT NOT NULL DEFAULT 0,
  -- Settled stakes from either balance, nanotons.
  wagered         BIGINT NOT NULL DEFAULT 0,
  -- Best multiplier won, in ten-thousandths.
  best_multiplier BIGINT NOT NULL DEFAULT 0,
  last_bet_at     TIMESTAMPTZ
);

ALTER TABLE users ADD COLUMN bonus_granted BIGINT NOT NULL DEFAULT 0 CHECK (bonus_granted >= 0);
ALTER TABLE users ADD COLUMN wagering_left BIGINT NOT NULL DEFAULT 0 CHECK (wagering_left >= 0);

CREATE TABLE achievement_grants (
  user_id    BIGINT NOT NULL REFERENCES users (id),
  ladder     TEXT NOT NULL,
  tier       INTEGER NOT NULL,
  reward     BIGINT NOT NULL,
  granted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, ladder, tier)
);

CREATE TABLE daily_claims (
  user_id    BIGINT NOT NULL REFERENCES users (id),
  day        DATE NOT NULL,
  streak_day INTEGER NOT NULL CHECK (streak_day BETWEEN 1 AND 7),
  reward     BIGINT NOT NULL,
  claimed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day)
);

CREATE TABLE task_claims (
  user_id    BIGINT NOT NULL REFERENCES users (id),
  task_id    TEXT NOT NULL,
  reward     BIGINT NOT NULL,
  claimed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, task_id)
);

-- Referral earnings for the referrer, one row per settled round of a referee.
CREATE INDEX users_referred_by_active_idx ON users (referred_by, id);
