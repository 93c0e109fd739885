-- The bot on its webhook.
--
-- Its business connections, as Telegram reports them in business_connection updates (the
-- webhook): the gift relayer acts through the newest enabled one of the relayer account, with the
-- right to transfer gifts, instead of a BUSINESS_CONNECTION_ID typed into the configuration. A
-- connection is never deleted: a disabled one is kept, marked disabled.
CREATE TABLE business_connections (
  id                 TEXT PRIMARY KEY,
  -- The business account that connected the bot (RELAYER_USER_ID names the one to trust).
  user_id            BIGINT NOT NULL,
  user_chat_id       BIGINT NOT NULL,
  is_enabled         BOOLEAN NOT NULL,
  -- The rights the update gave (BusinessBotRights); NULL when it carried none.
  can_transfer_gifts BOOLEAN,
  can_transfer_stars BOOLEAN,
  can_view_gifts     BOOLEAN,
  -- When Telegram says the connection was established.
  connected_at       TIMESTAMPTZ NOT NULL,
  -- The update that last changed the row: an older update delivered again changes nothing.
  update_id          BIGINT NOT NULL,
  updated_at         TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- A queued bot message is claimed by the pass that sends it, until this time: another pass (a
-- second replica, a kick during a pass) skips it meanwhile, so it cannot be sent twice at once.
-- A pass that dies mid-send leaves the claim to expire, and a later pass tries again.
ALTER TABLE bot_outbox ADD COLUMN claimed_until TIMESTAMPTZ;
