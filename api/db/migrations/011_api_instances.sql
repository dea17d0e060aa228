-- Several API processes on one PostgreSQL database (docs/compute.md, "Several API instances"): each running
-- instance has a row it refreshes; a task an instance has taken for its executor carries the instance's id, so
-- another instance can take over the tasks of one that stopped being seen.
create table api_instances (
  id uuid primary key,
  host text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
alter table compute_tasks add column instance_id uuid;
create index compute_tasks_instance on compute_tasks(instance_id) where status in ('queued', 'running');
