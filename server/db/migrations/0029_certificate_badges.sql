-- Open Badges 3.0 credentials (issue: content and credential standards). A certificate's credential is
-- signed once, the first time it is asked for, and kept: it names the recipient by a salted hash of the
-- e-mail they had then, so a later change of e-mail, key or address never changes a credential already
-- handed out.
CREATE TABLE certificate_badges (
  code text PRIMARY KEY REFERENCES issued_certificates (code) ON DELETE CASCADE,
  -- The VC-JWT (compact JWS) as handed out; the credential is its payload's `vc`.
  jwt text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
