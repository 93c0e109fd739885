-- Credits a bonus (a task, the daily reward, an achievement tier) inside the caller's transaction:
-- never past the lifetime cap, and each credit adds p_factor times its amount to the wagering
-- requirement. The caller holds (or may take here, in this order) the player's users row, their
-- bonus pool row and their bonus account. Answers what was credited: 0 once the cap is reached.
CREATE OR REPLACE FUNCTION arcade_grant_bonus(
  p_user bigint, p_amount bigint, p_kind text, p_reference text,
  p_actor_user bigint, p_actor_job text,
  p_cap bigint, p_factor bigint, p_shards integer
) RETURNS bigint
LANGUAGE plpgsql
AS $$
DECLARE
  v_granted bigint;
  v_credit bigint;
BEGIN
  SELECT bonus_granted INTO v_granted FROM users WHERE id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no player %', p_user;
  END IF;
  v_credit := LEAST(p_amount, GREATEST(p_cap - v_granted, 0));
  IF v_credit <= 0 THEN
    RETURN 0;
  END IF;
  UPDATE users SET bonus_granted = bonus_granted + v_credit, wagering_left = wagering_left + v_credit * p_factor WHERE id = p_user;
  -- The pool, then the player (arcade_post locks them in the book's order).
  PERFORM 1 FROM arcade_post(ARRAY[p_kind], ARRAY[p_user], ARRAY[p_reference], NULL, ARRAY[p_actor_user], ARRAY[p_actor_job],
                             '{1,1}', ARRAY['bonus_pool', 'bonus'], ARRAY[NULL, p_user], ARRAY[-v_credit, v_credit], p_shards);
  RETURN v_credit;
END;
$$;
