-- Open Badges 3.0 credentials (issue: content and credential standards; decision 0027). A certificate's
-- credential names its recipient by a salted hash of the e-mail they had when it was first asked for;
-- the hash is kept here so that a later change of e-mail never changes a credential already handed out.
-- Everything else the credential states comes from the certificate row itself.
CREATE TABLE certificate_badges (
  code text PRIMARY KEY REFERENCES issued_certificates (code) ON DELETE CASCADE,
  -- 'emailAddress', or 'identifier' (the user id) when the user pool no longer knew an e-mail.
  identity_type text NOT NULL CHECK (identity_type IN ('emailAddress', 'identifier')),
  -- sha256$<hex of sha256(identity + salt)>, as OB 3.0's IdentityObject writes it.
  identity_hash text NOT NULL,
  salt text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
