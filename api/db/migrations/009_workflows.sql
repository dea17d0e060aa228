-- Coupled workflows (issue 7, docs/workflows.md): a workflow is a task of app `workflow` whose steps are tasks of
-- their own, each pointing at it, with the steps it waits for. The workflow row never goes to an executor.
alter table compute_tasks add column workflow_id uuid references compute_tasks(id) on delete cascade;
alter table compute_tasks add column step_id text;
-- Step ids of the same workflow this step needs (its inputs' sources and its `after`).
alter table compute_tasks add column depends_on text[] not null default '{}';
create unique index compute_tasks_workflow_step on compute_tasks(workflow_id, step_id) where workflow_id is not null;
