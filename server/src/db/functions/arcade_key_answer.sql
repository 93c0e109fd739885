-- The idempotency-key rule, written once: what a money call sent with a key its player already
-- used gets. NULL: the key is not stored (the call is new). 'AR005': the key was used for another
-- request, refused before anything moves. Otherwise the first call's stored reply ('' while a call
-- that reserved the key has not finished). ledger.ts reads keys only through it (arcade_claim_key,
-- storedReply), and the bet function (arcade_bets) for the keys of its batch.
CREATE OR REPLACE FUNCTION arcade_key_answer(p_stored_hash text, p_stored_reply text, p_hash text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN p_stored_hash IS NULL THEN NULL WHEN p_stored_hash = p_hash THEN p_stored_reply ELSE 'AR005' END
$$;
