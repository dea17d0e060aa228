-- System administration (docs/pages.md, docs/access.md): the department tree, outside enterprises, a version
-- on each editable row for the optimistic concurrency check, and the operation log every administrative write
-- adds a row to in its own transaction.

-- Departments become a tree of any depth. A name is unique among its siblings (case-insensitively), no longer
-- across the whole platform: two institutes may each have a 办公室.
alter table departments drop constraint departments_name_key;
alter table departments
  add column parent_id uuid references departments(id),
  add column code text,
  add column leader text not null default '',
  add column phone text not null default '',
  add column sort integer not null default 0,
  add column disabled boolean not null default false,
  add column version integer not null default 1,
  add column updated_at timestamptz not null default now();
create unique index departments_root_name on departments (lower(name)) where parent_id is null;
create unique index departments_child_name on departments (parent_id, lower(name)) where parent_id is not null;
create unique index departments_code on departments (lower(code)) where code is not null;
create index departments_parent on departments (parent_id);

-- Outside organisations (companies, universities) whose people use the platform.
create table enterprises (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  credit_code text,                          -- unified social credit code (GB 32100), 18 characters
  contact text not null default '',
  phone text not null default '',
  address text not null default '',
  disabled boolean not null default false,
  version integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index enterprises_name on enterprises (lower(name));
create unique index enterprises_credit_code on enterprises (credit_code) where credit_code is not null;

alter table users add column enterprise_id uuid references enterprises(id);
alter table users add column version integer not null default 1;
create index users_department on users (department_id);
create index users_enterprise on users (enterprise_id);

-- Who changed what, when and from where: the row before and after, for every administrative write.
create table operation_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  user_id uuid,
  user_name text not null default '',
  ip text,
  action text not null,                      -- e.g. department.save, department.delete
  target_type text not null,                 -- department, enterprise, person, role, constant, notice, feedback
  target_id text,
  target_name text not null default '',
  before jsonb,
  after jsonb
);
create index operation_log_at on operation_log (at desc, id desc);
create index operation_log_target on operation_log (target_type, target_id, at desc);
create index operation_log_user on operation_log (user_id, at desc);
