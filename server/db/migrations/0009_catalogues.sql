-- The admin catalogues (requirements §7 "Catalogues"). Every row carries a revision (a stale update answers 409)
-- and a soft-delete mark; names are unique per catalogue among live rows, ignoring case.

CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '',
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE collaborators (LIKE categories INCLUDING ALL, email text, role text);
CREATE TABLE tags (LIKE categories INCLUDING ALL);
CREATE TABLE difficulties (LIKE categories INCLUDING ALL, level integer NOT NULL CHECK (level BETWEEN 1 AND 100));
CREATE TABLE certificates (LIKE categories INCLUDING ALL, template_path text NOT NULL);
CREATE TABLE organizations (LIKE categories INCLUDING ALL, domain text NOT NULL, logo_path text);
CREATE TABLE statuses (LIKE categories INCLUDING ALL, code text NOT NULL);
CREATE TABLE school_cycles (LIKE categories INCLUDING ALL, starts_on date, ends_on date, CHECK (ends_on IS NULL OR starts_on IS NULL OR ends_on >= starts_on));
CREATE TABLE careers (LIKE categories INCLUDING ALL);
CREATE TABLE school_subjects (LIKE categories INCLUDING ALL, code text);

CREATE UNIQUE INDEX categories_name ON categories (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX collaborators_name ON collaborators (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX tags_name ON tags (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX difficulties_name ON difficulties (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX difficulties_level ON difficulties (level) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX certificates_name ON certificates (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX organizations_name ON organizations (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX organizations_domain ON organizations (domain) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX statuses_name ON statuses (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX statuses_code ON statuses (code) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX school_cycles_name ON school_cycles (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX careers_name ON careers (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX school_subjects_name ON school_subjects (lower(name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX school_subjects_code ON school_subjects (code) WHERE deleted_at IS NULL AND code IS NOT NULL;

-- Careers group school cycles and school subjects; school subjects are taught by courses.
CREATE TABLE career_school_cycles (
  career_id uuid NOT NULL REFERENCES careers (id),
  school_cycle_id uuid NOT NULL REFERENCES school_cycles (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (career_id, school_cycle_id)
);
CREATE TABLE career_school_subjects (
  career_id uuid NOT NULL REFERENCES careers (id),
  school_subject_id uuid NOT NULL REFERENCES school_subjects (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (career_id, school_subject_id)
);
CREATE TABLE school_subject_courses (
  school_subject_id uuid NOT NULL REFERENCES school_subjects (id),
  course_uuid uuid NOT NULL REFERENCES courses (uuid),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (school_subject_id, course_uuid)
);

-- The course difficulty scale of requirements §3, and the course states the builder moves through.
INSERT INTO difficulties (name, description, level) VALUES
  ('Very Easy', 'No previous knowledge needed.', 1),
  ('Easy', 'Basic notions of the subject help.', 2),
  ('Moderate', 'Assumes a working knowledge of the subject.', 3),
  ('Difficult', 'For learners with solid experience in the subject.', 4),
  ('Very Difficult', 'Specialist level.', 5);

INSERT INTO statuses (name, description, code) VALUES
  ('Draft', 'Being written; only its creators and collaborators see it.', 'DRAFT'),
  ('In review', 'Sent to the reviewers for validation.', 'IN_REVIEW'),
  ('Published', 'Visible to learners.', 'PUBLISHED'),
  ('Archived', 'No longer offered; existing subscriptions keep access.', 'ARCHIVED');
