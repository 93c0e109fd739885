-- The destination as the player typed it (UQ…, EQ…, 0Q…, or raw 0:…): their receipt shows it
-- in that form. to_address (raw) stays what is sent to and compared; to_friendly what operators read.
ALTER TABLE withdrawals ADD COLUMN to_typed TEXT;
