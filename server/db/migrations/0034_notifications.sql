-- Notifications (decision 0032): what happened to a user (a subscription added or revoked, a
-- certificate issued, a course updated, an import finished, an avatar ready…), one row per user.
-- The text is not stored: the web app renders it from `kind` and `params` in the reader's language.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order rows were made in (timestamps of one transaction or one millisecond tie): the list's key.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  user_sub text NOT NULL,
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- A path inside the web app (never another site).
  link text CHECK (link IS NULL OR (link LIKE '/%' AND link NOT LIKE '//%')),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  -- Waiting for the mail sender (the user's preference when the row was made); cleared once sent or given up.
  mail_pending boolean NOT NULL DEFAULT false
);
-- The list (newest first, keyset) and the unread count.
CREATE INDEX notifications_user ON notifications (user_sub, seq DESC);
CREATE INDEX notifications_unread ON notifications (user_sub) WHERE read_at IS NULL;
CREATE INDEX notifications_mail ON notifications (created_at) WHERE mail_pending;

-- Per user and kind: in the app always; by mail on or off (no row: the kind's default).
CREATE TABLE notification_preferences (
  user_sub text NOT NULL,
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
  by_mail boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_sub, kind)
);

-- Live delivery: every new row is announced on the channel `aula_notifications_<schema>` (the name
-- server/db/postgres.ts gives `channel('aula_notifications')`), which PostgreSQL delivers when the
-- inserting transaction commits, to every process listening; nothing is announced on a rollback.
CREATE FUNCTION notifications_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(left('aula_notifications_' || regexp_replace(current_schema(), '[^a-zA-Z0-9_]', '_', 'g'), 63), NEW.user_sub || ' ' || NEW.id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER notifications_announce AFTER INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION notifications_announce();
