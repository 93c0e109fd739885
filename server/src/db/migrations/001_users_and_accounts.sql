-- Players, keyed by their Telegram user id (up to 52 bits, hence BIGINT).
CREATE TABLE users (
  id                          BIGINT PRIMARY KEY,
  first_name                  TEXT NOT NULL DEFAULT '',
  last_name                   TEXT,
  username                    TEXT,
  photo_url                   TEXT,
  language_code               TEXT,
  lang                        TEXT NOT NULL DEFAULT 'ru' CHECK (lang IN ('ru', 'en')),
  onboarding_completed        BOOLEAN NOT NULL DEFAULT false,
  onboarding_wallet_completed BOOLEAN NOT NULL DEFAULT false,
  is_banned                   BOOLEAN NOT NULL DEFAULT false,
  allows_write_to_pm          BOOLEAN NOT NULL DEFAULT false,
  added_to_attachment_menu    BOOLEAN NOT NULL DEFAULT false,
  is_premium                  BOOLEAN NOT NULL DEFAULT false,
  referral_code               TEXT NOT NULL UNIQUE,
  referred_by                 BIGINT REFERENCES users (id),
  created_at                  TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_login_at               TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (referred_by IS NULL OR referred_by <> id)
);

CREATE INDEX users_referred_by_idx ON users (referred_by) WHERE referred_by IS NOT NULL;

-- Balances in nanotons. A player has one 'ton' and one 'bonus' account; house and system
-- accounts (later) have no user and a unique code. The journal that explains every balance
-- arrives with the ledger migration.
CREATE TABLE accounts (
  id         BIGSERIAL PRIMARY KEY,
  user_id    BIGINT REFERENCES users (id),
  code       TEXT UNIQUE,
  kind       TEXT NOT NULL,
  balance    BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, kind),
  CHECK (user_id IS NULL OR kind IN ('ton', 'bonus')),
  CHECK ((user_id IS NULL) <> (code IS NULL))
);
