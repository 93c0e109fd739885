-- arcade_instant_bets keeps each statement's generic plan for the connection's life. Planned
-- against a new or small table (a new database, a test, the first minutes after a deploy), the
-- look-ups by key became scans and hash joins, and stayed so while the tables grew: each batch
-- then read every idempotency key ever stored. Every row the function reads or writes is found
-- by its key, so its statements are planned as index look-ups whatever the statistics say.
ALTER FUNCTION arcade_instant_bets(jsonb, bigint, bigint[], bigint[], bigint[], integer)
  SET enable_seqscan = off;
ALTER FUNCTION arcade_instant_bets(jsonb, bigint, bigint[], bigint[], bigint[], integer)
  SET enable_hashjoin = off;
ALTER FUNCTION arcade_instant_bets(jsonb, bigint, bigint[], bigint[], bigint[], integer)
  SET enable_mergejoin = off;

-- The answers' JSON array was a SQL function: PostgreSQL parsed and planned its body again at
-- every call (about a twentieth of the batch's time). As PL/pgSQL its plan is made once per connection.
CREATE OR REPLACE FUNCTION arcade_bet_answers(p_answers text[]) RETURNS json
LANGUAGE plpgsql IMMUTABLE
AS $$
BEGIN
  RETURN ('[' || array_to_string(ARRAY(
    SELECT CASE WHEN left(a, 1) = '{' THEN a ELSE to_json(a)::text END FROM unnest(p_answers) WITH ORDINALITY AS x (a, o) ORDER BY o), ',') || ']')::json;
END;
$$;
