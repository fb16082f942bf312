-- Admin calls are no longer refused for repeating a signature seen before (AWS accepts a valid
-- signature as often as it arrives within its five-minute window), so the seen list goes.
DROP TABLE IF EXISTS identity_sigv4_seen;
