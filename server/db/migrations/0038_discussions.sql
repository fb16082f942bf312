-- Course discussions (decision 0034): threads per course, optionally attached to a block, their posts
-- (the opening post carries the thread's body), who follows a thread, and who reported which post.

CREATE TABLE discussion_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  -- The block of the course the thread is about (a block id of the course), or null for the course.
  block_id uuid,
  author_sub text NOT NULL,
  author_name text NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  pinned boolean NOT NULL DEFAULT false,
  locked boolean NOT NULL DEFAULT false,
  -- The reply marked as the accepted answer.
  accepted_post uuid,
  replies integer NOT NULL DEFAULT 0 CHECK (replies >= 0),
  -- The `seq` of the newest post: the list's order (newest activity first) and keyset.
  activity bigint NOT NULL DEFAULT 0,
  last_activity_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX discussion_threads_list ON discussion_threads (course_uuid, pinned DESC, activity DESC, id DESC);
CREATE INDEX discussion_threads_block ON discussion_threads (course_uuid, block_id) WHERE block_id IS NOT NULL;

CREATE TABLE discussion_posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order posts were made in: the replies' keyset.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  thread_id uuid NOT NULL REFERENCES discussion_threads (id) ON DELETE CASCADE,
  course_uuid uuid NOT NULL REFERENCES courses (uuid) ON DELETE CASCADE,
  -- The thread's own first post (its body), not a reply.
  opening boolean NOT NULL DEFAULT false,
  author_sub text NOT NULL,
  author_name text NOT NULL,
  -- The author wrote as course staff (shown beside the name).
  author_staff boolean NOT NULL DEFAULT false,
  -- Plain text with line breaks, markup stripped on save.
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 10000),
  -- The quoted post, and the excerpt and author as they were when quoted.
  quote_post uuid,
  quote_excerpt text,
  quote_author text,
  -- Course staff mentioned: [{sub, name}].
  mentions jsonb NOT NULL DEFAULT '[]'::jsonb,
  hidden_at timestamptz,
  hidden_by text,
  reports integer NOT NULL DEFAULT 0 CHECK (reports >= 0),
  revision integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  -- The folded words of the post (and of the thread's title on the opening post), for the search.
  search tsvector NOT NULL
);
CREATE INDEX discussion_posts_thread ON discussion_posts (thread_id, seq);
CREATE INDEX discussion_posts_search ON discussion_posts USING gin (search);
CREATE INDEX discussion_posts_reported ON discussion_posts (course_uuid, seq DESC) WHERE reports > 0;
CREATE UNIQUE INDEX discussion_posts_opening ON discussion_posts (thread_id) WHERE opening;

CREATE TABLE discussion_follows (
  thread_id uuid NOT NULL REFERENCES discussion_threads (id) ON DELETE CASCADE,
  user_sub text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (thread_id, user_sub)
);

-- One report per person and post.
CREATE TABLE discussion_reports (
  post_id uuid NOT NULL REFERENCES discussion_posts (id) ON DELETE CASCADE,
  user_sub text NOT NULL,
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, user_sub)
);
