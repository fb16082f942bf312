-- Richer evaluation forms (decision 0035): question banks in the course's draft, attempts with a life
-- (open, then pending while essays wait for a grade, then graded), their stored draw, the answers saved
-- per question, and the essays' grades.

-- A course's question banks, edited in the builder like its blocks (every write moves the course's
-- revision on) and frozen into the snapshot at publication. `questions` holds FormQuestion values.
-- Ids are the course's own (a clone keeps them, so its forms' draws still name its banks).
CREATE TABLE course_question_banks (
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL DEFAULT '',
  questions jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_by_name text,
  PRIMARY KEY (course_uuid, id)
);
CREATE INDEX course_question_banks_course ON course_question_banks (course_uuid, created_at, id);

-- Attempts made through `forms/completed` are graded as they are stored: they keep the defaults.
-- An attempt started through `forms/attempts/start` is 'open' until it is submitted or its deadline
-- passes, 'pending' while one of its essays waits for a grade, then 'graded'. `draw` is what the
-- attempt asks, frozen when it starts: the questions (with what makes them right, for grading) in the
-- order shown, each choice question's options and each matching question's rights in the order shown,
-- and the seed that made them. `score` and `passed` mean something only once 'graded'.
ALTER TABLE form_attempts
  ADD COLUMN status text NOT NULL DEFAULT 'graded' CHECK (status IN ('open', 'pending', 'graded')),
  ADD COLUMN deadline timestamptz,
  ADD COLUMN submitted_at timestamptz,
  ADD COLUMN late boolean NOT NULL DEFAULT false,
  ADD COLUMN draw jsonb,
  -- Per question id: true or false, or null for an essay (its grade is in form_essay_grades).
  ADD COLUMN results jsonb,
  -- Moves on with every save that changes an answer.
  ADD COLUMN revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1);
-- One open attempt per learner and form: a second start returns the first.
CREATE UNIQUE INDEX form_attempts_open ON form_attempts (course_uuid, user_sub, form_id) WHERE status = 'open';
-- The deadline job's work list.
CREATE INDEX form_attempts_deadline ON form_attempts (deadline) WHERE status = 'open' AND deadline IS NOT NULL;

-- The answers saved so far, one row per attempt and question: a save is an upsert, so repeating it
-- changes nothing, and two tabs saving different questions never overwrite each other.
CREATE TABLE form_attempt_answers (
  attempt_id uuid NOT NULL REFERENCES form_attempts (id) ON DELETE CASCADE,
  question_id text NOT NULL,
  answer jsonb NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id)
);

-- One row per essay of a submitted attempt; `points` is null until course staff grade it. `revision`
-- moves on with every grade, so a grader's stale write (another grader graded first) is a 409.
CREATE TABLE form_essay_grades (
  attempt_id uuid NOT NULL REFERENCES form_attempts (id) ON DELETE CASCADE,
  question_id text NOT NULL,
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  max_points integer NOT NULL CHECK (max_points >= 1),
  points numeric(8, 2) CHECK (points IS NULL OR points >= 0),
  feedback text,
  graded_by text,
  graded_at timestamptz,
  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (attempt_id, question_id)
);
CREATE INDEX form_essay_grades_queue ON form_essay_grades (course_uuid, (points IS NULL), created_at, attempt_id, question_id);
