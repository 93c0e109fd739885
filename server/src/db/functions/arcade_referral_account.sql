CREATE OR REPLACE FUNCTION arcade_referral_account() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO accounts (user_id, kind) VALUES (NEW.referred_by, 'referral') ON CONFLICT (user_id, kind) DO NOTHING;
  RETURN NULL;
END;
$$;
