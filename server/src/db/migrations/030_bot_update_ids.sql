-- Telegram delivers an update again when our answer is slow or lost, and either replica may get
-- it, even while the first delivery is still being handled. Each update is claimed here before it
-- is handled: the replica whose insert wins handles it, every other delivery of that update_id
-- answers 200 and does nothing. A handling that fails (our 5xx, so Telegram sends it again)
-- deletes its claim, so the next delivery handles it; one that succeeded keeps it.
CREATE TABLE bot_update_ids (
  update_id   BIGINT PRIMARY KEY,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
