-- Wager limits count over the UTC day, week and month, like the loss and deposit limits (issue 26):
-- the session limit counted from the latest sign-in, so one more sign-in started it again. A
-- session limit a player set becomes their daily one. The functions that count it are in
-- server/src/db/functions/ (arcade_play_wagered, arcade_play_wager_room), applied after this.
ALTER TABLE play_limits DROP CONSTRAINT play_limits_kind_check;
UPDATE play_limits SET kind = 'wager-day' WHERE kind = 'wager-session';
ALTER TABLE play_limits ADD CONSTRAINT play_limits_kind_check CHECK (kind IN (
  'deposit-day', 'deposit-week', 'deposit-month',
  'loss-day', 'loss-week', 'loss-month',
  'wager-day', 'wager-week', 'wager-month'
));
-- Counted since a window's start now, not since the sign-in: the file defines (p_user, p_since).
DROP FUNCTION arcade_play_wagered(bigint);
