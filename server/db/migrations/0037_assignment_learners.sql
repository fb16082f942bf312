-- Teaching: who handed an assignment in, as graders see them. The learner's username, e-mail and name
-- are kept with the submission when it is handed in (the identity service is not asked again for
-- every row of the grading queue), so the queue can be filtered by learner in one statement.
ALTER TABLE assignment_submissions
  ADD COLUMN learner_username text NOT NULL DEFAULT '',
  ADD COLUMN learner_email text NOT NULL DEFAULT '',
  ADD COLUMN learner_name text NOT NULL DEFAULT '';

-- The grading queue's order within a course: oldest hand-in first.
CREATE INDEX assignment_submissions_queue_order ON assignment_submissions (course_uuid, submitted_at, id);
