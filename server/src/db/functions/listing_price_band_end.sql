-- The lowest price above the band of `price` (see listing_price_band), at most the largest BIGINT.
CREATE OR REPLACE FUNCTION listing_price_band_end(price bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT least((left(price::text, 2)::int / 2 * 2 + 2) * 10::numeric ^ greatest(length(price::text) - 2, 0),
               9223372036854775807)::bigint
$$;
