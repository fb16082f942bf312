-- Rate limits of the expensive routes (server/limits): one row per bucket (route class and caller),
-- counting the requests of a fixed window. Every process of an installation counts in the same rows,
-- so a limit holds however many processes serve. One upsert per request counts and reads a bucket;
-- rows whose window has ended are deleted by a periodic sweep. The counts are worth nothing after a
-- crash, so the table skips the write-ahead log.
CREATE UNLOGGED TABLE rate_limit_buckets (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 1),
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_buckets_resets ON rate_limit_buckets (resets_at);
