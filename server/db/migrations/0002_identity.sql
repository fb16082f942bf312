-- The embedded user pool (server/identity). No password, code or token is stored in clear:
-- SRP verifiers and private keys are encrypted with the identity secret key, codes and refresh
-- tokens are stored as keyed hashes.

CREATE TABLE identity_users (
  username text PRIMARY KEY,                -- canonical name, a UUID equal to sub
  email_lower text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED')),
  enabled boolean NOT NULL DEFAULT true,
  srp_salt text NOT NULL,                   -- PAD(salt) hex
  srp_verifier text NOT NULL,               -- PAD(g^x mod N) hex, AES-256-GCM encrypted
  temp_password_expires_at timestamptz,
  failed_attempts integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz,
  lockout_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identity_user_attributes (
  username text NOT NULL REFERENCES identity_users (username) ON DELETE CASCADE,
  name text NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (username, name)
);

CREATE TABLE identity_groups (
  name text PRIMARY KEY,
  description text,
  precedence integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identity_user_groups (
  username text NOT NULL REFERENCES identity_users (username) ON DELETE CASCADE,
  group_name text NOT NULL REFERENCES identity_groups (name) ON DELETE CASCADE,
  PRIMARY KEY (username, group_name)
);
CREATE INDEX identity_user_groups_group ON identity_user_groups (group_name, username);

-- One-time codes: only the newest per (username, purpose) is live; older ones are kept as
-- superseded so that using one answers "expired" rather than "mismatch".
CREATE TABLE identity_codes (
  id bigserial PRIMARY KEY,
  username text NOT NULL REFERENCES identity_users (username) ON DELETE CASCADE,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  payload text,                              -- e.g. the pending new email, encrypted
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  superseded boolean NOT NULL DEFAULT false,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX identity_codes_user ON identity_codes (username, purpose, id DESC);

-- Fixed hourly windows per subject and action.
CREATE TABLE identity_rate_limits (
  subject text NOT NULL,
  action text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (subject, action, window_start)
);

-- Handshake state (SECRET_BLOCK and challenge Session), looked up by the hash of the handle.
CREATE TABLE identity_auth_sessions (
  handle_hash text PRIMARY KEY,
  kind text NOT NULL,
  username text NOT NULL,
  client_id text NOT NULL,
  data text NOT NULL,                        -- JSON, AES-256-GCM encrypted (holds the SRP b)
  expires_at timestamptz NOT NULL
);
CREATE INDEX identity_auth_sessions_expiry ON identity_auth_sessions (expires_at);

CREATE TABLE identity_devices (
  device_key text PRIMARY KEY,
  username text NOT NULL REFERENCES identity_users (username) ON DELETE CASCADE,
  group_key text NOT NULL,
  name text,
  srp_salt text,
  srp_verifier text,                         -- encrypted
  confirmed boolean NOT NULL DEFAULT false,
  remembered boolean NOT NULL DEFAULT false,
  last_ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now(),
  last_authenticated_at timestamptz
);
CREATE INDEX identity_devices_user ON identity_devices (username, device_key);

CREATE TABLE identity_refresh_tokens (
  token_hash text PRIMARY KEY,
  username text NOT NULL REFERENCES identity_users (username) ON DELETE CASCADE,
  client_id text NOT NULL,
  origin_jti text NOT NULL UNIQUE,
  auth_time timestamptz NOT NULL,
  device_key text,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX identity_refresh_tokens_user ON identity_refresh_tokens (username);
CREATE INDEX identity_refresh_tokens_device ON identity_refresh_tokens (device_key);

-- Sign-in sessions whose tokens are refused (RevokeToken, global sign-out, disable, forgotten device).
CREATE TABLE identity_revoked_origins (
  origin_jti text PRIMARY KEY,
  revoked_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

CREATE TABLE identity_signing_keys (
  kid text PRIMARY KEY,
  private_key text NOT NULL,                 -- PKCS#8 PEM, AES-256-GCM encrypted
  public_jwk text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
