-- SCORM packages as course blocks: the block kind, and what each learner's attempts at each SCO of a
-- package reported (the run-time data, CMI), kept to resume inside the package at the next launch.

ALTER TABLE course_items DROP CONSTRAINT course_items_kind_check;
ALTER TABLE course_items ADD CONSTRAINT course_items_kind_check
  CHECK (kind IN ('section', 'text', 'image', 'attachment', 'link', 'simulation', 'video', 'form', 'scorm'));

-- One row per learner, SCO and attempt. `cmi` is the run-time data as the package last committed it
-- (what the learner may write; what the platform gives, such as names, entry and total time, is
-- filled in at each launch). `seq` orders a launch's commits: a commit with a lower or equal number
-- than the one stored (a retried or late one) changes nothing. Times are the server's: a session's
-- reported time counts for at most the time since its launch.
CREATE TABLE scorm_attempts (
  user_sub text NOT NULL,
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  block_id uuid NOT NULL,
  sco_id text NOT NULL,
  attempt integer NOT NULL CHECK (attempt >= 1),
  cmi jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The launch whose commits are taken, and the order of its last commit taken.
  session_id uuid NOT NULL,
  seq integer NOT NULL DEFAULT 0 CHECK (seq >= 0),
  completion text NOT NULL DEFAULT 'not attempted',
  success text NOT NULL DEFAULT 'unknown',
  -- The score as a percentage (0–100), when the package reported one.
  score numeric(6, 2) CHECK (score IS NULL OR (score >= 0 AND score <= 100)),
  exit text NOT NULL DEFAULT '',
  total_seconds numeric(12, 2) NOT NULL DEFAULT 0 CHECK (total_seconds >= 0),
  session_seconds numeric(12, 2) NOT NULL DEFAULT 0 CHECK (session_seconds >= 0),
  session_started_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_sub, course_uuid, block_id, sco_id, attempt)
);
