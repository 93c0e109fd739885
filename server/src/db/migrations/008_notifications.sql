-- A player who switched the bot's messages off in the profile stays switched off, whatever the
-- launch data says at the next login (Telegram's allows_write_to_pm only tells that the bot may
-- write, not that the player wants it to).
ALTER TABLE users ADD COLUMN notifications_muted BOOLEAN NOT NULL DEFAULT false;

-- Messages decided inside a money transaction (referral earnings becoming claimable) and sent
-- after it commits by the background workers: the message and the money can never disagree.
CREATE TABLE bot_outbox (
  id         BIGSERIAL PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id),
  notice     TEXT NOT NULL,
  amount     BIGINT NOT NULL CHECK (amount > 0),
  -- What caused it (a round id, say): one message per cause.
  reference  TEXT NOT NULL UNIQUE,
  attempts   INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  sent_at    TIMESTAMPTZ
);

CREATE INDEX bot_outbox_pending_idx ON bot_outbox (id) WHERE sent_at IS NULL;
