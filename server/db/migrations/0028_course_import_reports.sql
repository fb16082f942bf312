-- What the import of a Common Cartridge made of it (docs/course-creator.md "Importing a Common
-- Cartridge"), kept with the draft it created: the builder shows it on that course until someone who
-- edits the course dismisses it. One report per course; it goes with the course.
CREATE TABLE course_import_reports (
  course_uuid uuid PRIMARY KEY REFERENCES courses (uuid) ON DELETE CASCADE,
  format text NOT NULL CHECK (format IN ('common-cartridge')),
  report jsonb NOT NULL,
  imported_by text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now(),
  dismissed_at timestamptz
);
