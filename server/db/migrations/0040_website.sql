-- The centre's websites and their content (docs/website.md, decision 0039): carousel slides and
-- news/blog posts per site, edited by administrators, read by the public site and the login screen.
CREATE TABLE sites (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The `{site}` segment of /admin/{site}/... and /api/v2/site/{site}/...
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 60),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  default_language text NOT NULL DEFAULT 'mx',
  languages text[] NOT NULL DEFAULT ARRAY['mx']::text[],
  base_url text CHECK (base_url IS NULL OR base_url ~ '^https?://'),
  is_default boolean NOT NULL DEFAULT false,
  revision integer NOT NULL DEFAULT 1,
  -- Moves each time the carousel's order changes (the order's own stale-write check).
  slides_revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (default_language = ANY (languages))
);
-- At most one default site.
CREATE UNIQUE INDEX sites_one_default ON sites (is_default) WHERE is_default;
INSERT INTO sites (slug, name, default_language, languages, is_default)
VALUES ('website', 'Aula', 'mx', ARRAY['mx', 'eng', 'es', 'it', 'gr', 'rs']::text[], true);

CREATE TABLE site_slides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id uuid NOT NULL REFERENCES sites (id),
  position integer NOT NULL,
  image_path text,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  body text NOT NULL DEFAULT '',
  link text,
  starts_at timestamptz,
  ends_at timestamptz,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
);
CREATE INDEX site_slides_site ON site_slides (site_id, position) WHERE deleted_at IS NULL;

CREATE TABLE site_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id uuid NOT NULL REFERENCES sites (id),
  kind text NOT NULL CHECK (kind IN ('news', 'blog')),
  language text NOT NULL,
  -- A translation names its source (the post in the site's default language) and the source's
  -- revision it was made from; the source's later revisions make it outdated.
  source_id uuid REFERENCES site_posts (id),
  source_revision integer,
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  summary text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  cover_path text,
  category text CHECK (category IS NULL OR category IN ('blogs', 'documents', 'organization-chart', 'social-networks')),
  tags text[] NOT NULL DEFAULT ARRAY[]::text[],
  author text NOT NULL DEFAULT '',
  -- draft: nobody outside sees it; scheduled: visible from publish_at on (readers compare with now());
  -- published: visible since publish_at.
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'published')),
  publish_at timestamptz,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (state = 'draft' OR publish_at IS NOT NULL),
  CHECK ((source_id IS NULL) = (source_revision IS NULL))
);
CREATE UNIQUE INDEX site_posts_slug ON site_posts (site_id, kind, language, slug) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX site_posts_translation ON site_posts (source_id, language) WHERE deleted_at IS NULL AND source_id IS NOT NULL;
CREATE INDEX site_posts_public ON site_posts (site_id, kind, language, publish_at DESC) WHERE deleted_at IS NULL AND state <> 'draft';

-- Every saved revision of a post (its history list).
CREATE TABLE site_post_revisions (
  post_id uuid NOT NULL REFERENCES site_posts (id),
  revision integer NOT NULL,
  title text NOT NULL,
  summary text NOT NULL,
  body text NOT NULL,
  state text NOT NULL,
  publish_at timestamptz,
  saved_by text NOT NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, revision)
);
