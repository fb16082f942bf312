-- Sign-in handshakes travel sealed inside SECRET_BLOCK / Session (server/identity/handshakes.ts):
-- the server keeps only the ids of finished handshakes, until they expire, to refuse replays.
CREATE TABLE identity_used_handshakes (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX identity_used_handshakes_expiry ON identity_used_handshakes (expires_at);

-- identity_auth_sessions is no longer written. It stays for this release so that processes of the
-- previous release, still running during a rolling update, can finish their sign-ins.
