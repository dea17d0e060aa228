-- The site's edits of the platform's constants (/systemManage/constantManage): the labels of the section 3
-- enumerations and the fixed texts, in four languages. The release's defaults live in code
-- (common/constants.ts); a row here is laid over its item, so a release can add items and keep the edits.
-- Deleting the row is "back to default".
create table constant_changes (
  group_code text not null,
  item_key text not null,
  labels jsonb not null,
  version integer not null default 1,
  changed_by uuid references users(id) on delete set null,
  changed_by_name text not null default '',
  changed_at timestamptz not null default now(),
  primary key (group_code, item_key)
);
