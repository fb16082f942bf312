-- When the learner last reported a video's position (or opened the block), by the server's clock: the
-- watched point may advance only as far as playing at most 2× over the time since then.
ALTER TABLE learner_progress ADD COLUMN reported_at timestamptz;
