-- Mail before a subscription expires, a weekly progress digest and one-click unsubscribe
-- (docs/decisions/0030-subscription-reminders.md, docs/mail.md).

-- The days before expiry a plan's learners are reminded at (0: the day of expiry). Read when the
-- reminder is due, so a change applies to subscriptions already made.
ALTER TABLE subscription_plans
  ADD COLUMN reminder_days integer[] NOT NULL DEFAULT '{14,3,0}'
    CHECK (cardinality(reminder_days) <= 5 AND 0 <= ALL (reminder_days) AND 365 >= ALL (reminder_days));

-- A learner's choices about the mail Aula sends unasked (no row: the defaults).
CREATE TABLE mail_preferences (
  user_sub text PRIMARY KEY,
  expiry_reminders boolean NOT NULL DEFAULT true,
  weekly_digest boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_preferences_digest ON mail_preferences (user_sub) WHERE weekly_digest;

-- One row per reminder sent (claimed): its key is what makes the job send each reminder once,
-- whichever process runs it and however often. The expiry date is part of the key, so a
-- subscription whose end moved would be reminded again for its new end.
CREATE TABLE subscription_reminders (
  subscription_id uuid NOT NULL REFERENCES subscriptions (id),
  threshold_days integer NOT NULL CHECK (threshold_days >= 0),
  expires_on date NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, threshold_days, expires_on)
);

-- One row per weekly digest sent (claimed), by ISO week ('2026-W48').
CREATE TABLE digest_mails (
  user_sub text NOT NULL,
  iso_week text NOT NULL CHECK (iso_week ~ '^\d{4}-W\d{2}$'),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_sub, iso_week)
);

-- The key unsubscribe links are signed with: in the database, so every process (on every host)
-- signs and checks with the same one. Made by the first process that needs it.
CREATE TABLE mail_signing_key (
  id integer PRIMARY KEY CHECK (id = 1),
  key text NOT NULL CHECK (length(key) = 64)
);
