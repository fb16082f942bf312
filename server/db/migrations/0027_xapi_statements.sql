-- xAPI statements waiting for the Learning Record Store (docs/xapi.md). A statement is written in the
-- transaction of the learning event it reports, so it exists exactly when the event was committed; a
-- sender claims the oldest under a lease (FOR UPDATE SKIP LOCKED, one claim at a time), posts them and
-- deletes them once the LRS has them. `seq` is the order they are sent in; a learner's statements
-- never overtake an earlier one of theirs that is still waiting. A statement the LRS refuses stays as
-- 'rejected' with the LRS's answer, for operators.
CREATE TABLE xapi_statements (
  seq bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  actor_sub text NOT NULL,
  statement jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'rejected')),
  attempts integer NOT NULL DEFAULT 0,
  claimed_by text,
  lease_until timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  rejected_at timestamptz
);
CREATE INDEX xapi_statements_pending ON xapi_statements (seq) WHERE status = 'pending';
CREATE INDEX xapi_statements_pending_actor ON xapi_statements (actor_sub, seq) WHERE status = 'pending';
