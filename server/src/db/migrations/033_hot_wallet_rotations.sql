-- A rotation of the hot wallet (operator wallet:rotate): a new seed is a new wallet, so the old
-- wallet's whole balance is swept to the new one, and the old address is still watched (deposits
-- sent to it are credited, withdrawals it signed before are seen) until the chain shows it empty
-- long enough that nothing it signed can still run.
CREATE TABLE hot_wallet_rotations (
  id           BIGSERIAL PRIMARY KEY,
  chain        TEXT NOT NULL,
  -- Raw addresses (0:<hex>), and the old one as the app showed it.
  old_address  TEXT NOT NULL,
  old_friendly TEXT NOT NULL,
  new_address  TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  -- Chain time of the first watcher pass that found the old wallet empty with nothing on its way
  -- out; cleared when coins arrive again.
  empty_since  BIGINT,
  -- When the watcher stopped watching the old address (it stayed empty past the highload timeout).
  -- A new wallet:rotate of the same old wallet clears it: watching starts again from its cursor.
  emptied_at   TIMESTAMPTZ,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (chain, old_address)
);

-- The wallet a sweep left from: null for a sweep to cold storage (from the hot wallet of the
-- time); a rotation's sweep names the old wallet (raw), so it is told apart from the hot wallet's.
ALTER TABLE hot_wallet_sweeps ADD COLUMN from_address TEXT;
