-- Real-time users by country, across every process: each process adds the requests it answered to
-- ten-second slots per visitor (an account `u:<sub>` or a visitor's address `a:<ip>`) and country
-- ('' when none is known), at least every second; rows older than the longest window (30 minutes)
-- are swept.
CREATE TABLE request_activity (
  slot timestamptz NOT NULL,
  visitor text NOT NULL,
  country text NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (slot, visitor, country)
);
