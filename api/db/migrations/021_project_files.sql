-- A project's documents (issue 14: proposals, reports, data sheets): uploaded attachments hung on the project,
-- in the order the form lists them. The attachment sweep keeps a file while a project uses it.
create table project_files (
  project_id uuid not null references projects(id) on delete cascade,
  attachment_id uuid not null references attachments(id) on delete cascade,
  sort integer not null default 0,
  primary key (project_id, attachment_id)
);
create index project_files_attachment on project_files (attachment_id);
