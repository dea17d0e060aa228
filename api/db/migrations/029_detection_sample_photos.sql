-- Photos of samples (issue 15, docs/detection.md): taken at the bench with a phone (/testDetectionMobile/
-- myUploadDataMobile) and shown with the sample. The image is an upload (attachments); this row is what keeps
-- it (attachments/store.ts IN_USE) and who may see it (the readers of the sample's order).
create table detection_sample_photos (
  id uuid primary key default gen_random_uuid(),
  sample_id uuid not null references detection_samples(id) on delete cascade,
  attachment_id uuid not null references attachments(id),
  caption text not null default '',
  added_by uuid references users(id) on delete set null,
  added_by_name text not null,
  added_at timestamptz not null default now()
);
create index detection_sample_photos_sample on detection_sample_photos (sample_id, added_at);
-- "My uploads", newest first.
create index detection_sample_photos_added_by on detection_sample_photos (added_by, added_at desc, id);
