-- The gift market: Telegram collectible gifts held by the relayer, owned by players or the house,
-- listed for sale in TON, and the sales.

CREATE TABLE gift_collections (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE gifts (
  id               BIGSERIAL PRIMARY KEY,
  collection_id    TEXT NOT NULL REFERENCES gift_collections (id),
  number           INTEGER NOT NULL CHECK (number > 0),
  model            TEXT NOT NULL,
  model_rarity     INTEGER NOT NULL CHECK (model_rarity BETWEEN 0 AND 1000),
  backdrop         TEXT NOT NULL,
  backdrop_rarity  INTEGER NOT NULL CHECK (backdrop_rarity BETWEEN 0 AND 1000),
  backdrop_center  TEXT NOT NULL,
  backdrop_edge    TEXT NOT NULL,
  symbol           TEXT NOT NULL,
  symbol_rarity    INTEGER NOT NULL CHECK (symbol_rarity BETWEEN 0 AND 1000),
  -- The product of the three per-mille values: lower is rarer.
  rarity           BIGINT GENERATED ALWAYS AS (model_rarity::bigint * backdrop_rarity * symbol_rarity) STORED,
  -- NULL: the house's own stock.
  owner_id         BIGINT REFERENCES users (id),
  -- The relayer account's owned_gift_id in Telegram.
  telegram_gift_id TEXT UNIQUE,
  locked_until     TIMESTAMPTZ,
  status           TEXT NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'withdrawing', 'withdrawn')),
  created_at       TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (collection_id, number)
);

CREATE INDEX gifts_owner_idx ON gifts (owner_id, id) WHERE owner_id IS NOT NULL;

-- What is for sale, with the gift's attributes copied in so a filtered, sorted page is one index scan.
CREATE TABLE listings (
  gift_id       BIGINT PRIMARY KEY REFERENCES gifts (id),
  seller_id     BIGINT REFERENCES users (id),
  price         BIGINT NOT NULL CHECK (price > 0),
  listed_at     TIMESTAMPTZ NOT NULL DEFAULT now(),
  collection_id TEXT NOT NULL,
  model         TEXT NOT NULL,
  backdrop      TEXT NOT NULL,
  symbol        TEXT NOT NULL,
  number        INTEGER NOT NULL,
  rarity        BIGINT NOT NULL
);

CREATE INDEX listings_price_idx ON listings (price, gift_id);
CREATE INDEX listings_date_idx ON listings (listed_at, gift_id);
CREATE INDEX listings_number_idx ON listings (number, gift_id);
CREATE INDEX listings_rarity_idx ON listings (rarity, gift_id);
CREATE INDEX listings_collection_price_idx ON listings (collection_id, price, gift_id);
CREATE INDEX listings_backdrop_price_idx ON listings (backdrop, price, gift_id);
CREATE INDEX listings_symbol_price_idx ON listings (symbol, price, gift_id);
CREATE INDEX listings_model_price_idx ON listings (model, price, gift_id);
CREATE INDEX listings_seller_idx ON listings (seller_id) WHERE seller_id IS NOT NULL;

CREATE TABLE sales (
  id        BIGSERIAL PRIMARY KEY,
  gift_id   BIGINT NOT NULL REFERENCES gifts (id),
  seller_id BIGINT REFERENCES users (id),
  buyer_id  BIGINT NOT NULL REFERENCES users (id),
  price     BIGINT NOT NULL,
  fee       BIGINT NOT NULL,
  sold_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE INDEX sales_gift_idx ON sales (gift_id, id);

-- Gift withdrawals and deposits through the relayer, and the market's fee income.
CREATE TABLE gift_transfers (
  id            BIGSERIAL PRIMARY KEY,
  gift_id       BIGINT NOT NULL REFERENCES gifts (id),
  user_id       BIGINT NOT NULL REFERENCES users (id),
  direction     TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  fee           BIGINT NOT NULL DEFAULT 0,
  status        TEXT NOT NULL CHECK (status IN ('done', 'failed')),
  created_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);

INSERT INTO accounts (code, kind) VALUES ('market_fees', 'market_fees'), ('gift_fees', 'gift_fees');
