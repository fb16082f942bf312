-- No two accounts may have addresses that look the same: each address's skeleton (NFKC, lower case,
-- letters of other scripts drawn like Latin ones replaced by those; server/identity/lookalikes.ts)
-- is unique. For an ASCII address the skeleton is the address itself; the others are computed by
-- the server when it starts (UserRepository.refreshSkeletons).
ALTER TABLE identity_users ADD COLUMN email_skeleton text;
UPDATE identity_users SET email_skeleton = email_lower;
ALTER TABLE identity_users ALTER COLUMN email_skeleton SET NOT NULL;
CREATE UNIQUE INDEX identity_users_email_skeleton ON identity_users (email_skeleton);
