-- Compute tasks (issue 4, docs/compute.md): one row per submitted run; its files live in DATA_DIR/tasks/<id>/.
create table compute_tasks (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  app_id text not null,
  app_version text not null,
  category text not null,
  mode text not null check (mode in ('graphical', 'instruction')),
  params jsonb not null,
  -- The rendered input files' names, so a restart can tell whether they are still intact (input_hash).
  input_files text[] not null,
  input_hash text not null,
  resources jsonb not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  error text,
  exit_code integer,
  executor text,
  -- null while the task waits for the owner's running limit, before any executor has it.
  job_id text,
  -- A run lost at a restart is re-queued once; a second loss fails the task.
  requeued boolean not null default false,
  -- The owner's language when submitting: the finish message is written in it.
  lang text not null default 'zh',
  result jsonb,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);

-- My tasks and the admin list, newest first, optionally by status.
create index compute_tasks_user_created on compute_tasks(user_id, created_at desc);
create index compute_tasks_created on compute_tasks(created_at desc);
-- The pending count, the per-user limits, dispatch and the restart reconcile only look at unfinished tasks.
create index compute_tasks_active on compute_tasks(status, user_id, created_at) where status in ('queued', 'running');
