-- Monitoring (docs/monitoring.md): what the servers measured, one row per UTC day and metric. Counters
-- (requests, e-mails, CPU milliseconds) are added to by every process at each flush; storage figures
-- are the day's last measurement (the cost model carries them forward over days without one).
CREATE TABLE usage_daily (
  day date NOT NULL,
  metric text NOT NULL CHECK (metric IN ('requests', 'emails', 'cpu_ms', 'storage_bytes', 'storage_objects')),
  amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (day, metric)
);

-- The days a learner used the learning routes (catalogue, player, progress, forms): the history of
-- "active learners", which the progress tables alone cannot give (they keep only the latest change).
CREATE TABLE learner_activity_days (
  day date NOT NULL,
  user_sub text NOT NULL,
  PRIMARY KEY (day, user_sub)
);
