-- Certificate revocation by an administrator, and the revocation status list of the Open Badges
-- credentials (W3C Bitstring Status List v1.0; decision 0027). The revocation lives on the certificate
-- row: a certificate is revoked or not, and the audit log keeps the history of who revoked or restored
-- it and why. Every certificate holds its place in the status list from the start (existing ones get
-- theirs here, in the order issued), so a credential's `statusListIndex` never changes.
CREATE SEQUENCE certificate_status_index AS integer MINVALUE 0 START 0;

ALTER TABLE issued_certificates
  ADD COLUMN revoked_at timestamptz,
  -- The administrator who revoked it (e-mail, else username).
  ADD COLUMN revoked_by text,
  ADD COLUMN revocation_reason text,
  -- The last revocation or restoration: the status list's validFrom (null: never changed).
  ADD COLUMN status_changed_at timestamptz,
  ADD COLUMN status_index integer;

UPDATE issued_certificates c SET status_index = n.i
  FROM (SELECT code, nextval('certificate_status_index') AS i FROM (SELECT code FROM issued_certificates ORDER BY issued_at, code) o) n
 WHERE c.code = n.code;

ALTER TABLE issued_certificates
  ALTER COLUMN status_index SET DEFAULT nextval('certificate_status_index'),
  ALTER COLUMN status_index SET NOT NULL,
  ADD CONSTRAINT issued_certificates_status_index UNIQUE (status_index),
  ADD CONSTRAINT issued_certificates_revocation CHECK ((revoked_at IS NULL) = (revoked_by IS NULL) AND (revoked_at IS NULL) = (revocation_reason IS NULL));

-- The status list reads the revoked ones only.
CREATE INDEX issued_certificates_revoked ON issued_certificates (status_index) WHERE revoked_at IS NOT NULL;
-- And its validFrom (the last change) without reading every certificate.
CREATE INDEX issued_certificates_status_changed ON issued_certificates (status_changed_at) WHERE status_changed_at IS NOT NULL;
