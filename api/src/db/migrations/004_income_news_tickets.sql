-- 004_income_news_tickets: what issue 5 adds to the business tables (spec 002 §2.4-2.6,
-- §2.13, §2.16, §2.18): optional income tax, files of microsite news, ticket attachments in
-- the file store, and the association's own news for the association dashboard.

-- The income form's tax percent is optional (002 §5): null = not given (not "0 %").
ALTER TABLE income ALTER COLUMN tax_percent DROP NOT NULL;
ALTER TABLE income ALTER COLUMN tax_percent DROP DEFAULT;
-- The income/expense lists sort and page per school by payment date and registration date.
CREATE INDEX income_school_created_idx ON income (school_id, created_at);
CREATE INDEX expense_school_created_idx ON expense (school_id, created_at);
-- Expense name filter: case-insensitive prefix (LIKE 'abc%').
CREATE INDEX expense_name_prefix_idx ON expense (lower(name) text_pattern_ops);

-- Ticket attachments live in the file store (api/src/files) under a server-made key.
ALTER TABLE ticket_files RENAME COLUMN file_hash TO file_key;

-- Files (attachments and images) of microsite news. Uploaded before the news is saved:
-- news_id is null until a save references the file; only its uploader may then attach it.
-- school_id: the school of the news (at upload: the school the uploader chose).
CREATE TABLE news_files (
  id          serial PRIMARY KEY,
  school_id   int NOT NULL REFERENCES schools(id),
  news_id     int REFERENCES news(content_id) ON DELETE CASCADE,
  name        text NOT NULL,
  ext         text NOT NULL,
  mime        text NOT NULL,
  size        bigint NOT NULL CHECK (size >= 0),
  is_image    boolean NOT NULL DEFAULT false,
  file_key    text NOT NULL,
  created_by  int REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_files_news_idx ON news_files (news_id);
CREATE INDEX news_files_school_idx ON news_files (school_id);
SELECT sbo_enable_school_rls('news_files');
-- Files of news shown to other schools are readable there too (images in the body,
-- attachments). The EXISTS runs under news' own policies: only news visible in scope count.
CREATE POLICY news_files_shown_read ON news_files AS PERMISSIVE FOR SELECT TO sbo_app
  USING (news_id IS NOT NULL AND EXISTS (SELECT 1 FROM news n WHERE n.content_id = news_files.news_id));
GRANT SELECT, INSERT, UPDATE, DELETE ON news_files TO sbo_app;
GRANT USAGE, SELECT ON SEQUENCE news_files_id_seq TO sbo_app;

-- News the association publishes to its members (the association dashboard's news block,
-- e_news_r). Not school-owned: every member with a linked membership number reads them.
-- body is sanitised HTML (same allow-list as microsite news).
CREATE TABLE association_news (
  id              serial PRIMARY KEY,
  title           text NOT NULL,
  teaser          text NOT NULL DEFAULT '',
  body            text NOT NULL DEFAULT '',
  date_published  timestamptz NOT NULL,
  created_by      int REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX association_news_published_idx ON association_news (date_published DESC, id DESC);
