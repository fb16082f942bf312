-- Administration: the append-only audit log, and the indexes the admin lists page through.

-- Every admin write: who, what, on which object, when, and the values before and after.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_username text NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_actor ON audit_log (actor_username, id DESC);
CREATE INDEX audit_log_actor_email ON audit_log (lower(actor_email), id DESC);
CREATE INDEX audit_log_action ON audit_log (action, id DESC);
CREATE INDEX audit_log_at ON audit_log (at, id);

-- Append-only: the database itself refuses to change or remove an entry, whatever the caller.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- User search in the embedded pool: prefix matches on the e-mail and on attributes (Cognito's ListUsers
-- filter `attr ^= "text"`) use these instead of reading every user.
CREATE INDEX identity_users_email_prefix ON identity_users (email_lower text_pattern_ops);
CREATE INDEX identity_user_attributes_prefix ON identity_user_attributes (name, value text_pattern_ops);

-- The admin subscriptions list: newest first, keyset-paged over every subscription.
CREATE INDEX subscriptions_recent ON subscriptions (created_at DESC, id DESC);
