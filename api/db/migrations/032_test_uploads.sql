-- Offline uploads of test records (issue 16, docs/test-data.md): a file of records (.xlsx, .xls, .csv) checked,
-- then imported whole or only its good rows, and undone while nothing else uses its records. The file stays
-- (attachments) as the records' source; the check's refusals are kept as keys and values, so each reader sees
-- them in their own language.
create table test_uploads (
  id uuid primary key default gen_random_uuid(),
  file_name text not null,
  attachment_id uuid not null references attachments(id),
  format text not null check (format in ('xlsx', 'xls', 'csv')),
  state text not null default 'checked' check (state in ('checked', 'imported', 'undone')),
  columns jsonb not null default '[]',
  total integer not null,
  bad integer not null,
  errors jsonb not null default '[]',
  preview jsonb not null default '[]',
  imported integer not null default 0,
  -- 'all' (every row was good) or 'good' (the bad ones left out, given back as a file).
  mode text check (mode in ('all', 'good')),
  uploaded_by uuid references users(id) on delete set null,
  uploaded_by_name text not null,
  uploaded_at timestamptz not null default now(),
  imported_at timestamptz,
  undone_at timestamptz,
  version integer not null default 1
);
create index test_uploads_mine on test_uploads (uploaded_by, uploaded_at desc);

alter table test_records add column upload_id uuid references test_uploads(id);
create index test_records_upload on test_records (upload_id) where upload_id is not null;
-- The check asks whether a code is taken, a batch of codes at a time.
create index test_records_code on test_records (lower(code));
