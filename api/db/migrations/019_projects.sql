-- Research projects (issue 14, docs/projects.md): a project has one leader and any number of members
-- (participants and co-leads); compute tasks can be charged to a project, whose core-hour budget they use up.

create table projects (
  id uuid primary key default gen_random_uuid(),
  code text not null,                        -- the funder's or the institute's project number
  name text not null,
  funding text not null default '',          -- where the money comes from (a programme, a contract)
  start_date date not null,
  end_date date not null check (end_date >= start_date),
  -- The leader is not a project_members row: a project always has exactly one, and "my projects" finds it
  -- through this indexed column.
  leader_id uuid not null references users(id),
  description text not null default '',      -- rich text, sanitised on the way in and out (common/sanitize.ts)
  budget_core_hours numeric(14, 2),          -- null: no limit
  -- The budget covers the whole project, or starts again every calendar year or month.
  budget_period text not null default 'project' check (budget_period in ('project', 'year', 'month')),
  status text not null default 'active' check (status in ('active', 'closed')),
  version integer not null default 1,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Codes are unique ignoring case (the check before the write gives the message, this index settles a race).
create unique index projects_code on projects (lower(code));
create index projects_leader on projects (leader_id);

-- Who else takes part: a member reads the project and charges tasks to it, a co-lead also edits it.
create table project_members (
  project_id uuid not null references projects(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  role text not null check (role in ('member', 'colead')),
  added_at timestamptz not null default now(),
  primary key (project_id, user_id)
);
-- "The projects I take part in", from the person to the projects without reading every project's members.
create index project_members_user on project_members (user_id);

-- A task charged to a project; a project deleted later (only possible without tasks) leaves its tasks alone.
alter table compute_tasks add column project_id uuid references projects(id) on delete set null;
-- A project's tasks, newest first, and its core-hours since the start of the budget period.
create index compute_tasks_project on compute_tasks (project_id, created_at desc) where project_id is not null;
