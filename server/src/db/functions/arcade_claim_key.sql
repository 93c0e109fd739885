-- Claims a money call's idempotency key for this call: NULL when it did (the call goes on and
-- stores its reply, ledger.ts storeReply), else what the key holds, by the one rule
-- (arcade_key_answer). A concurrent call with the same key waits on the insert until the first
-- commits (then reads its reply) or rolls back (then claims the key itself): money moves once.
CREATE OR REPLACE FUNCTION arcade_claim_key(p_user bigint, p_key text, p_call text, p_hash text) RETURNS text
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  v_hash text;
  v_reply text;
BEGIN
  INSERT INTO idempotency_keys (user_id, key, call, request_hash, reply) VALUES (p_user, p_key, p_call, p_hash, '')
  ON CONFLICT (user_id, key) DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  -- The next statement of a volatile function sees what committed meanwhile: the row the insert met.
  SELECT request_hash, reply INTO v_hash, v_reply FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
  -- A key that vanished in between (never, as keys are kept) is refused, not claimed twice.
  RETURN arcade_key_answer(COALESCE(v_hash, ''), v_reply, p_hash);
END;
$$;
