-- A new player's interface language comes from Telegram's language_code until they choose one in
-- the profile. lang_chosen says they did; until then every login sets lang from the launch data.
-- Players from before this column who speak English chose it (the default was Russian); those who
-- speak Russian may never have chosen, so their next login follows Telegram.
ALTER TABLE users ADD COLUMN lang_chosen BOOLEAN NOT NULL DEFAULT false;
UPDATE users SET lang_chosen = true WHERE lang <> 'ru';
