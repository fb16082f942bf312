-- Documents in the other interface languages; the documents row holds the default (mx) text.
CREATE TABLE document_translations (
  document_id text NOT NULL REFERENCES documents (id),
  locale text NOT NULL CHECK (locale IN ('eng', 'es', 'it', 'gr', 'rs')),
  name text NOT NULL,
  content text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, locale)
);
