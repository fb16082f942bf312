-- Facts about this installation (its id, when it was first started).
CREATE TABLE installation (
  id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);
