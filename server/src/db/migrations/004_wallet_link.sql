-- The TON Connect wallet a player proved with ton_proof: offered as their withdrawal address.
ALTER TABLE users ADD COLUMN linked_wallet TEXT;

-- ton_proof payloads we handed out: each one is good for one proof within its window.
CREATE TABLE ton_proof_payloads (
  payload    TEXT PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users (id),
  expires_at TIMESTAMPTZ NOT NULL,
  used_at    TIMESTAMPTZ
);

CREATE INDEX ton_proof_payloads_user_idx ON ton_proof_payloads (user_id);
