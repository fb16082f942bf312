-- A revoked subscription blocks the learner from subscribing to that course again by themselves
-- until an administrator lifts the block (or subscribes the learner directly, which lifts it too).
-- The block is the revocation itself: it holds while `block_lifted_at` is null.
ALTER TABLE subscriptions ADD COLUMN block_lifted_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN block_lifted_by text;
CREATE INDEX subscriptions_blocks ON subscriptions (user_sub, course_uuid) WHERE revoked_at IS NOT NULL AND block_lifted_at IS NULL;
