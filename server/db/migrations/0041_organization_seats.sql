-- Organisation managers (decision 0038): the seats an administrator grants an organisation per course,
-- and which subscriptions a manager added (each takes one of those seats while it is not revoked).

CREATE TABLE organization_seats (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  seats integer NOT NULL CHECK (seats BETWEEN 0 AND 1000000),
  -- Two administrators editing one figure: a stale write answers 409.
  revision integer NOT NULL DEFAULT 1,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, course_uuid)
);

CREATE TABLE organization_subscriptions (
  subscription_id uuid PRIMARY KEY REFERENCES subscriptions (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  course_uuid uuid NOT NULL,
  added_by text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organization_subscriptions_seats ON organization_subscriptions (organization_id, course_uuid);
