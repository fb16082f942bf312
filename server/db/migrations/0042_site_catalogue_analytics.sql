-- The public site's catalogue and its visit counts (docs/website.md): which published courses and
-- which careers a site shows, in what order, and page views counted without cookies or personal data.

-- Moves each time a site's featured courses or its careers change (their own stale-write checks).
ALTER TABLE sites ADD COLUMN courses_revision integer NOT NULL DEFAULT 1;
ALTER TABLE sites ADD COLUMN careers_revision integer NOT NULL DEFAULT 1;

CREATE TABLE site_featured_courses (
  site_id uuid NOT NULL REFERENCES sites (id),
  course_uuid uuid NOT NULL REFERENCES courses (uuid),
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, course_uuid)
);
CREATE INDEX site_featured_courses_order ON site_featured_courses (site_id, position);

CREATE TABLE site_careers (
  site_id uuid NOT NULL REFERENCES sites (id),
  career_id uuid NOT NULL REFERENCES careers (id),
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, career_id)
);
CREATE INDEX site_careers_order ON site_careers (site_id, position);

-- One row per site, day, page, language and referring host: the day's count. No address, no
-- cookie, no user agent is kept; `referrer` is the referring page's host ('' when none or the
-- site itself).
CREATE TABLE site_page_views (
  site_id uuid NOT NULL REFERENCES sites (id),
  day date NOT NULL,
  path text NOT NULL CHECK (length(path) <= 300),
  language text NOT NULL,
  referrer text NOT NULL DEFAULT '' CHECK (length(referrer) <= 255),
  views integer NOT NULL CHECK (views > 0),
  PRIMARY KEY (site_id, day, path, language, referrer)
);
