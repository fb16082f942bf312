-- Which language versions of a document are outdated (docs/administration.md "Catalogues and documents"):
-- each language records when its text last changed and when it was last known current (changed, or
-- confirmed by an editor). A language is outdated while another language's text changed after it was
-- last known current. Existing texts start current.
ALTER TABLE documents ADD COLUMN text_changed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE documents ADD COLUMN checked_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE document_translations ADD COLUMN text_changed_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE document_translations ADD COLUMN checked_at timestamptz NOT NULL DEFAULT now();
