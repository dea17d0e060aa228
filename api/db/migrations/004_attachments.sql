-- Uploaded files (Attachment/UploadFile). The file lives in DATA_DIR/attachments/<stored_name>; the stored
-- name is random and is the AttachmentPath clients hold, so no client-chosen path reaches the file system.
create table attachments (
  id uuid primary key default gen_random_uuid(),
  stored_name text not null unique,
  original_name text not null,
  mime text not null,
  size bigint not null check (size >= 0),
  owner_id uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
create index attachments_owner on attachments(owner_id);
