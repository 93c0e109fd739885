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
  v_tx bigint;
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
  INSERT INTO ledger_transactions (kind, user_id, reference, actor_user_id, actor_job)
  VALUES (p_kind, p_user, p_reference, p_actor_user, p_actor_job) RETURNING id INTO v_tx;
  -- The pool, then the player: the book's order.
  WITH moved AS (UPDATE accounts SET balance = balance - v_credit WHERE code = arcade_shard('bonus_pool', p_user, p_shards) RETURNING id, balance)
  INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after) SELECT v_tx, id, -v_credit, balance FROM moved;
  WITH moved AS (UPDATE accounts SET balance = balance + v_credit WHERE user_id = p_user AND kind = 'bonus' RETURNING id, balance)
  INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after) SELECT v_tx, id, v_credit, balance FROM moved;
  RETURN v_credit;
END;
$$;
