-- Evaluations and certificates (issue: learning end to end). A learner's tries at a form are counted
-- on one row per learner and form that every submission locks first, so concurrent submissions are
-- taken one at a time and can never exceed the form's tries. Certificates are issued once per learner
-- and course, as soon as the last required block is done or the last required form passed.

CREATE TABLE form_attempt_counters (
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  user_sub text NOT NULL,
  form_id uuid NOT NULL,
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (course_uuid, user_sub, form_id)
);

-- What the certificate states is copied when it is issued (learner and course names, hours): a later
-- rename or republication never changes a certificate already handed out.
CREATE TABLE issued_certificates (
  -- 12 characters of Crockford's base32 (60 random bits): unguessable, and typed without ambiguity.
  code text PRIMARY KEY CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{12}$'),
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  course_version integer NOT NULL,
  user_sub text NOT NULL,
  learner_name text NOT NULL,
  course_name text NOT NULL,
  hours numeric(7, 2),
  issued_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (course_uuid, user_sub),
  FOREIGN KEY (course_uuid, course_version) REFERENCES course_versions (course_uuid, version)
);
CREATE INDEX issued_certificates_user ON issued_certificates (user_sub, issued_at DESC);
