-- The row code of a sharded system account for a player: 'house', 'house/1' ... (ledger.ts systemCode).
CREATE OR REPLACE FUNCTION arcade_shard(p_account text, p_user bigint, p_shards integer) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN p_user % p_shards = 0 THEN p_account ELSE p_account || '/' || (p_user % p_shards) END
$$;
