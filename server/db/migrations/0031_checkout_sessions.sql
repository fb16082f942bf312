-- Online checkout of priced plans (issue: commerce; decision 0028). A row per checkout a learner
-- starts: what is sold and at what price, copied from the plan when the session is opened (the amount
-- the provider charges). The provider's webhook fulfils it: the subscription and its sale are made in
-- the transaction that marks the row paid, so a redelivered event finds it paid and changes nothing.
CREATE TABLE checkout_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  -- The provider's session id, known once the provider answered (null before, or when it failed).
  session_id text,
  -- The provider's payment page, offered again to the same learner for the same plan while it is open.
  url text,
  user_sub text NOT NULL,
  buyer_email text NOT NULL DEFAULT '',
  course_uuid uuid NOT NULL REFERENCES courses (uuid),
  plan_id uuid NOT NULL REFERENCES subscription_plans (id),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- open: waiting for the payment; paid: fulfilled; closed: expired or failed, nothing sold;
  -- failed: the provider could not open the session.
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'closed', 'failed')),
  subscription_id uuid UNIQUE REFERENCES subscriptions (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CHECK ((status = 'paid') = (subscription_id IS NOT NULL))
);
-- One row per provider session: a second delivery of its events finds the same row.
CREATE UNIQUE INDEX checkout_sessions_session ON checkout_sessions (provider, session_id);
CREATE INDEX checkout_sessions_user ON checkout_sessions (user_sub, course_uuid, created_at DESC);
