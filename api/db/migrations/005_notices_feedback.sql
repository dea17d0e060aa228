-- Managed notices (draft / published / withdrawn, attachments), links on directed messages, and user feedback.

-- A notice is published while published_at is set; withdrawing clears it and records withdrawn_at, so every
-- "published" query (lists, the unread badge, the dashboard) stays `published_at <= now()` on the index of 003.
alter table notices
  add column withdrawn_at timestamptz,
  add column updated_at timestamptz not null default now(),
  add constraint notices_title_length check (char_length(title) between 1 and 100),
  add constraint notices_author_length check (char_length(author) <= 50);
create index notices_created on notices(created_at desc);

create table notice_attachments (
  notice_id uuid not null references notices(id) on delete cascade,
  attachment_id uuid not null references attachments(id) on delete cascade,
  sort integer not null default 0,
  primary key (notice_id, attachment_id)
);
create index notice_attachments_attachment on notice_attachments(attachment_id);

-- Where a directed message leads (a web path, e.g. the feedback it answers); null when it leads nowhere.
alter table user_messages add column link text;
create index user_messages_user_created on user_messages(user_id, created_at desc);

create table feedback (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  title text not null check (char_length(title) between 1 and 100),
  content text not null default '',
  biz_type smallint not null check (biz_type in (0, 1, 2)),  -- 0 cloud computing, 1 computing task, 2 materials app
  type smallint not null check (type in (0, 1, 2)),          -- 0 requirement, 1 bug, 2 suggestion
  created_at timestamptz not null default now(),
  reply text,
  reply_at timestamptz,
  reply_by uuid references users(id) on delete set null,
  check ((reply is null) = (reply_at is null))
);
create index feedback_user_created on feedback(user_id, created_at desc);
create index feedback_created on feedback(created_at desc);

create table feedback_attachments (
  feedback_id uuid not null references feedback(id) on delete cascade,
  attachment_id uuid not null references attachments(id) on delete cascade,
  sort integer not null default 0,
  primary key (feedback_id, attachment_id)
);
create index feedback_attachments_attachment on feedback_attachments(attachment_id);
