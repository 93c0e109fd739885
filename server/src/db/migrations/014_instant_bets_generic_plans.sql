-- The batch function's statements take arrays whose contents change at every call. PL/pgSQL would
-- plan them anew each time (a custom plan per call, ~15 plannings a batch, which small batches
-- pay per bet); their generic plans (index lookups by key) are right for every batch.
ALTER FUNCTION arcade_instant_bets(jsonb, bigint, bigint[], bigint[], bigint[], integer) SET plan_cache_mode = force_generic_plan;
