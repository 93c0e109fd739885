-- Every bet moves money between a player and the house (or the bonus pool). With one house row,
-- every bet in the land waits for the one before it to commit. The house is kept as 16 rows
-- instead, picked by the player's id; the house's balance is their sum (the 'house' kind).
INSERT INTO accounts (code, kind)
SELECT name || '/' || shard, name
FROM (VALUES ('house'), ('bonus_pool')) AS pools (name), generate_series(1, 15) AS shard
ON CONFLICT (code) DO NOTHING;
