-- Receipts and refunds of sales (decision 0031). A sale gets a receipt number (sequential, never
-- reused), the provider's payment it came from (a Stripe PaymentIntent; null for a manual sale) and
-- the amount refunded so far; each refund is a row of its own. The CHECK keeps the refunded total
-- within what was paid whatever the application does.
ALTER TABLE sales ADD COLUMN receipt_number bigserial;
ALTER TABLE sales ADD COLUMN payment_ref text;
ALTER TABLE sales ADD COLUMN refunded_amount numeric(12, 2) NOT NULL DEFAULT 0;
ALTER TABLE sales ADD COLUMN refunded_at timestamptz;
ALTER TABLE sales ADD CONSTRAINT sales_refunded_within CHECK (refunded_amount >= 0 AND refunded_amount <= amount);
CREATE UNIQUE INDEX sales_receipt_number ON sales (receipt_number);

-- The PaymentIntent of a paid Checkout Session (what a Stripe refund names).
ALTER TABLE checkout_sessions ADD COLUMN payment_ref text;

CREATE TABLE sale_refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sale_id uuid NOT NULL REFERENCES sales (id),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  reason text NOT NULL,
  -- What became of the subscription: revoked, shortened by `days`, or kept as it was.
  subscription_action text NOT NULL CHECK (subscription_action IN ('revoke', 'shorten', 'keep')),
  days integer,
  -- The provider's refund id (Stripe `re_...`); null for a manual sale, refunded as a record only.
  provider_ref text,
  -- The administrator who refunded: their e-mail (their username when they have none).
  refunded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sale_refunds_sale ON sale_refunds (sale_id, created_at);
