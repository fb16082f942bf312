-- AI avatar requests (experimental group): a photo, a text to say and a style, rendered in the
-- background by worker nodes. The table is the job queue: a worker claims a queued row with
-- FOR UPDATE SKIP LOCKED and holds it under a lease it renews while rendering; a row whose lease ran
-- out (its worker died) is claimed again. `attempt` fences a late worker: only the holder of the
-- current attempt may finish the row.
CREATE TABLE avatar_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_sub text NOT NULL,
  owner_username text NOT NULL,
  owner_email text NOT NULL,
  photo_path text NOT NULL,
  text text NOT NULL,
  style text NOT NULL,
  voice text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'done', 'failed')),
  attempt integer NOT NULL DEFAULT 0,
  node_id text,
  lease_until timestamptz,
  renderer text,
  result_kind text CHECK (result_kind IN ('video', 'image')),
  result_path text,
  result_type text,
  poster_path text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX avatar_requests_owner ON avatar_requests (owner_sub, created_at DESC, id DESC);
CREATE INDEX avatar_requests_recent ON avatar_requests (created_at DESC, id DESC);
CREATE INDEX avatar_requests_open ON avatar_requests (created_at) WHERE status IN ('queued', 'processing');

-- One row per worker node (a server process running the avatar worker): its heartbeat says it is
-- alive; `stopped_at` is set when it stops cleanly.
CREATE TABLE avatar_nodes (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  renderer text NOT NULL,
  capacity integer NOT NULL CHECK (capacity >= 1),
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  stopped_at timestamptz
);
CREATE INDEX avatar_nodes_heartbeat ON avatar_nodes (heartbeat_at DESC);
