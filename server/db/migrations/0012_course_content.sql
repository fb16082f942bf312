-- Course content: sections and their blocks, every saved version of each, the immutable published
-- snapshots learners study, and the learners' attempts at the evaluation forms of a snapshot.

-- One row per section (section_id NULL) or block (section_id = its section). Deleting is a soft delete
-- (deleted_at) so a block's history outlives it; positions are dense 0..n-1 among the live siblings.
CREATE TABLE course_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  section_id uuid REFERENCES course_items (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('section', 'text', 'image', 'attachment', 'link', 'simulation', 'video', 'form')),
  position integer NOT NULL CHECK (position >= 0),
  "values" jsonb NOT NULL DEFAULT '{}'::jsonb,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_by_name text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  -- A section is a top-level row and only sections hold blocks.
  CHECK ((kind = 'section') = (section_id IS NULL))
);
CREATE INDEX course_items_course ON course_items (course_uuid, section_id, position) WHERE deleted_at IS NULL;
CREATE INDEX course_items_section ON course_items (section_id) WHERE section_id IS NOT NULL;

-- Every saved version of a section or block, kept for good (the history and restore read it).
CREATE TABLE course_item_versions (
  item_id uuid NOT NULL REFERENCES course_items (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  kind text NOT NULL,
  "values" jsonb NOT NULL,
  saved_by text,
  saved_by_name text,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, version)
);

-- What publishing froze: general data, plans, sections and blocks (form answers included, for grading
-- on the server). Never updated: a new publication is a new version.
CREATE TABLE course_versions (
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  content jsonb NOT NULL,
  published_by text,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (course_uuid, version)
);

ALTER TABLE courses ADD COLUMN published_version integer;

-- A learner's attempt at a form of a published version; the score is a percentage.
CREATE TABLE form_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  course_version integer NOT NULL,
  form_id uuid NOT NULL,
  user_sub text NOT NULL,
  answers jsonb NOT NULL DEFAULT '{}'::jsonb,
  score numeric(5, 2) NOT NULL DEFAULT 0 CHECK (score BETWEEN 0 AND 100),
  passed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (course_uuid, course_version) REFERENCES course_versions (course_uuid, version)
);
CREATE INDEX form_attempts_user ON form_attempts (course_uuid, user_sub, form_id, created_at DESC);
CREATE INDEX form_attempts_form ON form_attempts (course_uuid, form_id, created_at DESC);
