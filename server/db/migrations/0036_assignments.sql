-- Teaching: assignment blocks graded by people, and the course role of a grader.

-- A course's collaborator may be added as a grader: it reads the course and grades its submissions,
-- and edits nothing.
ALTER TABLE course_collaborators
  ADD COLUMN role text NOT NULL DEFAULT 'collaborator' CHECK (role IN ('collaborator', 'grader'));

ALTER TABLE course_items DROP CONSTRAINT course_items_kind_check;
ALTER TABLE course_items ADD CONSTRAINT course_items_kind_check
  CHECK (kind IN ('section', 'text', 'image', 'attachment', 'link', 'simulation', 'video', 'form', 'scorm', 'assignment'));

-- One row per learner and assignment block: the learner's current submission (a resubmission
-- replaces its files and text) and, once graded, its grade. `revision` moves on with every change,
-- so a grader's stale write (another grader graded first, or the learner resubmitted) is a 409.
CREATE TABLE assignment_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  block_id uuid NOT NULL,
  user_sub text NOT NULL,
  course_version integer NOT NULL,
  -- 'submitted' (waiting for a grade), 'returned' (sent back for resubmission), 'graded'.
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'returned', 'graded')),
  text_answer text,
  -- [{path, name, size, contentType}] in the file storage.
  files jsonb NOT NULL DEFAULT '[]'::jsonb,
  submissions integer NOT NULL DEFAULT 1 CHECK (submissions >= 1),
  submitted_at timestamptz NOT NULL DEFAULT now(),
  -- Submitted after the due date in force for this learner.
  late boolean NOT NULL DEFAULT false,
  -- The grade: points out of the assignment's maximum, as a percentage, and pass or fail against the pass mark.
  points numeric(8, 2),
  max_points numeric(8, 2),
  score numeric(5, 2) CHECK (score IS NULL OR (score BETWEEN 0 AND 100)),
  passed boolean,
  -- The rubric's chosen level per criterion: {criterionId: levelId}.
  rubric jsonb,
  feedback text,
  graded_by text,
  graded_at timestamptz,
  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (course_uuid, block_id, user_sub)
);
CREATE INDEX assignment_submissions_queue ON assignment_submissions (course_uuid, status, submitted_at);
CREATE INDEX assignment_submissions_user ON assignment_submissions (user_sub, course_uuid);
