-- The course builder (requirements §3 "Course", §7 "Course creator"): the general data, media, lists and plans
-- of a draft, and the people it is shared with. One revision per course: every write carries the
-- revision it started from and a stale one is refused (docs/decisions/0007).

-- Folds text for search: lower case without the diacritics of the product's languages (accent- and
-- case-insensitive matching on both PostgreSQL and PGlite, which has no unaccent extension).
CREATE FUNCTION fold_search(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT translate(lower(value),
    'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżžёάέήίϊΐόύϋΰώς',
    'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzzеαεηιιιουυυωσ') $$;

ALTER TABLE courses
  ADD COLUMN revision integer NOT NULL DEFAULT 1,
  ADD COLUMN duration_hours numeric(7, 2) CHECK (duration_hours IS NULL OR (duration_hours > 0 AND duration_hours <= 10000)),
  ADD COLUMN description text NOT NULL DEFAULT '',
  ADD COLUMN requirements text NOT NULL DEFAULT '',
  ADD COLUMN certificate_details text NOT NULL DEFAULT '',
  ADD COLUMN status_id uuid REFERENCES statuses (id),
  ADD COLUMN difficulty_id uuid REFERENCES difficulties (id),
  ADD COLUMN category_id uuid REFERENCES categories (id),
  ADD COLUMN organization_id uuid REFERENCES organizations (id),
  -- The certificate design from the catalogue; `template_path` is a template uploaded for this course.
  ADD COLUMN certificate_id uuid REFERENCES certificates (id),
  ADD COLUMN keywords text[] NOT NULL DEFAULT '{}',
  ADD COLUMN sales_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN cover_path text,
  ADD COLUMN thumbnail_path text,
  ADD COLUMN presentation_path text,
  ADD COLUMN template_path text,
  -- [{id, question, answer}] in the order shown.
  ADD COLUMN faq jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN deleted_at timestamptz;

-- Drafts start in the Draft state of the statuses catalogue.
UPDATE courses SET status_id = (SELECT id FROM statuses WHERE code = 'DRAFT' AND deleted_at IS NULL LIMIT 1) WHERE status_id IS NULL;

CREATE INDEX courses_created_by ON courses (created_by, updated_at DESC) WHERE deleted_at IS NULL;

-- Plans: an optional price; a plan that learners hold is archived when removed, never deleted, so
-- their subscriptions keep pointing at it.
ALTER TABLE subscription_plans
  ADD COLUMN price numeric(12, 2) CHECK (price IS NULL OR price >= 0),
  ADD COLUMN currency char(3) CHECK (currency IS NULL OR currency ~ '^[A-Z]{3}$'),
  ADD COLUMN position integer NOT NULL DEFAULT 0,
  ADD COLUMN archived_at timestamptz,
  ADD CONSTRAINT subscription_plans_price_currency CHECK (price IS NULL OR currency IS NOT NULL);

-- The users a course is shared with (requirements §6: the owner invites and removes collaborators).
CREATE TABLE course_collaborators (
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  user_sub text NOT NULL,
  username text NOT NULL,
  -- The display name when invited (the identity service stays the source of truth).
  name text NOT NULL DEFAULT '',
  added_by text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (course_uuid, user_sub)
);
CREATE INDEX course_collaborators_user ON course_collaborators (user_sub);
