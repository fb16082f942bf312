-- Two-step verification (TOTP) of the embedded user pool, and the hardening of issue 7.

-- One software token per user. `pending_secret` holds the secret of an AssociateSoftwareToken not
-- yet verified; `secret` the verified one. Both AES-256-GCM encrypted with the identity key.
-- `last_step` is the newest TOTP time step accepted, so a code works once within its step.
CREATE TABLE identity_mfa (
  username text PRIMARY KEY REFERENCES identity_users (username) ON DELETE CASCADE,
  secret text,
  pending_secret text,
  enabled boolean NOT NULL DEFAULT false,
  friendly_name text,
  last_step bigint,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Challenge sessions of the MFA steps (SOFTWARE_TOKEN_MFA, MFA_SETUP), by the keyed hash of the
-- Session string; `data` (device key, secret being set up) encrypted.
CREATE TABLE identity_mfa_sessions (
  handle_hash text PRIMARY KEY,
  kind text NOT NULL,
  username text NOT NULL REFERENCES identity_users (username) ON DELETE CASCADE,
  client_id text NOT NULL,
  data text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX identity_mfa_sessions_expiry ON identity_mfa_sessions (expires_at);

-- SigV4 signatures of admin calls already served, kept for the 15 minutes a signature is valid,
-- so that a captured request cannot be replayed.
CREATE TABLE identity_sigv4_seen (
  signature text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX identity_sigv4_seen_expiry ON identity_sigv4_seen (expires_at);
