-- The invitations an import sends (docs/administration.md "Bulk import"): the platform's address their
-- sign-in link points to when PUBLIC_URL is unset (the origin the administrator used), and their
-- language (the administrator's interface language), kept with the job so a job resumed after a
-- restart mails the same.
ALTER TABLE user_import_jobs ADD COLUMN site_url text, ADD COLUMN mail_locale text;
