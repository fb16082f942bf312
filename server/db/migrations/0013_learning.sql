-- Learning (requirements §7 "Learner fetches"): the catalogue of published courses, each learner's progress
-- through the blocks of a course, where they left off, and the courses they completed.

-- One row per published course, rewritten by every publication (refreshPublishedCourse), so the
-- catalogue never reads the snapshots. `search` holds the folded words (fold_search, from 0011) of the
-- name (weight A), brief description, keywords, tags, category and organisation (B) and description (C).
CREATE TABLE published_courses (
  uuid uuid PRIMARY KEY REFERENCES courses (uuid) ON DELETE CASCADE,
  version integer NOT NULL,
  name text NOT NULL,
  brief_description text NOT NULL DEFAULT '',
  cover_path text,
  thumbnail_path text,
  category_id uuid,
  category_name text,
  difficulty_id uuid,
  difficulty_name text,
  organization_id uuid,
  organization_name text,
  tags text[] NOT NULL DEFAULT '{}',
  -- The tags folded, for the tag filter (accent- and case-insensitive).
  tags_folded text[] NOT NULL DEFAULT '{}',
  duration_hours numeric(7, 2),
  published_at timestamptz NOT NULL,
  -- The blocks that count towards completion ([{id, kind}]): the required ones, or every block when
  -- the course marks none as required.
  counted_blocks jsonb NOT NULL DEFAULT '[]'::jsonb,
  search tsvector NOT NULL
);
CREATE INDEX published_courses_search ON published_courses USING gin (search);
CREATE INDEX published_courses_tags ON published_courses USING gin (tags_folded);
CREATE INDEX published_courses_recent ON published_courses (published_at DESC, uuid);
CREATE INDEX published_courses_category ON published_courses (category_id);
CREATE INDEX published_courses_difficulty ON published_courses (difficulty_id);
CREATE INDEX published_courses_organization ON published_courses (organization_id);

-- A learner's progress on one block. Block ids outlive publications, so progress carries over to a
-- newer version of the course. For a video, `watched_seconds` is the furthest point reached and
-- `position_seconds` the last one reported (where to resume).
CREATE TABLE learner_progress (
  user_sub text NOT NULL,
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  block_id uuid NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  watched_seconds numeric(10, 2) NOT NULL DEFAULT 0 CHECK (watched_seconds >= 0),
  position_seconds numeric(10, 2) NOT NULL DEFAULT 0 CHECK (position_seconds >= 0),
  duration_seconds numeric(10, 2) CHECK (duration_seconds IS NULL OR duration_seconds > 0),
  completed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_sub, course_uuid, block_id)
);

-- Where a learner left off in a course (the last block opened), whatever the device.
CREATE TABLE learner_resume (
  user_sub text NOT NULL,
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  block_id uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_sub, course_uuid)
);

-- The first time a learner completed every counted block of a course.
CREATE TABLE course_completions (
  user_sub text NOT NULL,
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  course_version integer NOT NULL,
  completed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_sub, course_uuid)
);
