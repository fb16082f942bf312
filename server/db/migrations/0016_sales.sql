-- Sales (issue: insights and finances). A subscription to a priced plan is a sale: what it cost is
-- copied here when the subscription is made, so a later change of the plan's price or currency never
-- changes what was sold. Subscriptions made before this table existed are not back-filled: the price
-- they were sold at was never recorded, and today's plan price may differ.
CREATE TABLE sales (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id uuid NOT NULL UNIQUE REFERENCES subscriptions (id),
  course_uuid uuid NOT NULL REFERENCES courses (uuid),
  plan_id uuid REFERENCES subscription_plans (id),
  -- Names as the buyer saw them at the moment of sale (the lists show these; grouping uses the ids).
  course_name text NOT NULL,
  plan_name text NOT NULL,
  buyer_sub text NOT NULL,
  buyer_email text NOT NULL DEFAULT '',
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- `admin`: an administrator added the subscription; `checkout`: the learner paid (a payment provider).
  channel text NOT NULL CHECK (channel IN ('admin', 'checkout')),
  -- The administrator who recorded an `admin` sale.
  recorded_by text,
  sold_at timestamptz NOT NULL DEFAULT now()
);
-- Every finance query is a time range, newest first for the list (keyset on sold_at, id).
CREATE INDEX sales_sold_at ON sales (sold_at DESC, id DESC);
CREATE INDEX sales_course ON sales (course_uuid, sold_at);
