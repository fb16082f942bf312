-- Courses, their subscription plans and the learners' subscriptions (requirements §3).
-- Minimal columns for the learner's dashboard and subscriptions pane; the course builder extends them.
CREATE TABLE courses (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 300),
  -- {Cover, ShortDescription, Organization} as the requirements name them.
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subscription_plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_uuid uuid NOT NULL REFERENCES courses (uuid),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  duration_days integer NOT NULL CHECK (duration_days > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscription_plans_course ON subscription_plans (course_uuid);

-- The plan's name and duration are copied at subscription time: editing a plan never changes what a
-- learner already bought.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_uuid uuid NOT NULL REFERENCES courses (uuid),
  user_sub text NOT NULL,
  plan_id uuid REFERENCES subscription_plans (id),
  plan_name text NOT NULL,
  duration_days integer NOT NULL CHECK (duration_days > 0),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX subscriptions_user ON subscriptions (user_sub, created_at DESC, id);
CREATE INDEX subscriptions_course ON subscriptions (course_uuid, created_at DESC);
