-- The live feed's positions: one number for each thing the feed tells (a settled round, a changed
-- name choice), counted in the order the transactions commit, the same on every replica. A
-- stream's events carry them as their Server-Sent Events ids, so a client that connects again
-- (to any replica) with its Last-Event-ID is sent what it missed (server/src/domain/live/live-feed.ts).
--
-- A sequence cannot give that order: its numbers are taken when a statement runs, and a
-- transaction that took a lower one may commit after one that took a higher one. So the number
-- is taken at commit, by deferred triggers, from this one row: its row lock is held until the
-- commit ends, so the next transaction takes the next number only after this one committed.
-- Transactions that notify are already committed one at a time by PostgreSQL (NOTIFY's queue
-- lock), so this orders nothing that was not ordered. The row is versioned like any other, so a
-- transaction rolled back gives its numbers back (no gaps: a replica that hears a position skip
-- knows it missed a notification), and a read sees the position of exactly what it sees committed.
-- (Every transaction here runs READ COMMITTED: the UPDATE waits for the lock and reads the row
-- again. A REPEATABLE READ transaction settling rounds would fail on a concurrent update.)
CREATE TABLE live_feed_position (
  one      BOOLEAN PRIMARY KEY DEFAULT true CHECK (one),
  position BIGINT NOT NULL CHECK (position >= 0)
);
INSERT INTO live_feed_position (position) VALUES (0);

-- The statement triggers of 024 (as 025 left them) keep the weekly figures; the notification of
-- each settled round moves to the deferred trigger below, which knows its position.
-- (arcade_rounds_settled keeps only the weekly figures now: server/src/db/functions/arcade_rounds_settled.sql.)

-- Each settled round takes its position at commit through arcade_live_round and its two
-- deferred row triggers, both defined in server/src/db/functions/arcade_live_round.sql (applied
-- after the migrations: a trigger needs its function first).

-- A changed name choice takes a position too, at commit, so a client that missed it is told.
DROP TRIGGER users_name_choice ON users;

-- arcade_name_choice takes a position too: server/src/db/functions/arcade_name_choice.sql.

CREATE CONSTRAINT TRIGGER users_name_choice
  AFTER UPDATE OF name_hidden ON users
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.name_hidden IS DISTINCT FROM NEW.name_hidden)
  EXECUTE FUNCTION arcade_name_choice();
