-- Bulk user imports: a job per uploaded file and a row per valid line, processed in the background.
-- The job survives the administrator closing the page and the server restarting (a running job whose
-- lease ran out is taken up again); rows already done are never redone.
CREATE TABLE user_import_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  filename text NOT NULL,
  file_hash text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  total integer NOT NULL,
  processed integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  invalid integer NOT NULL DEFAULT 0,
  actor_username text NOT NULL,
  actor_email text NOT NULL,
  error text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX user_import_jobs_recent ON user_import_jobs (created_at DESC, id DESC);
CREATE INDEX user_import_jobs_open ON user_import_jobs (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX user_import_jobs_hash ON user_import_jobs (file_hash, created_at DESC);

CREATE TABLE user_import_rows (
  job_id uuid NOT NULL REFERENCES user_import_jobs (id),
  line integer NOT NULL,
  email text NOT NULL,
  name text NOT NULL,
  groups text[] NOT NULL DEFAULT '{}',
  outcome text NOT NULL DEFAULT 'pending' CHECK (outcome IN ('pending', 'created', 'skipped', 'failed')),
  message text,
  username text,
  PRIMARY KEY (job_id, line)
);
CREATE INDEX user_import_rows_outcome ON user_import_rows (job_id, outcome, line);
