-- The materials app store (issue 17, docs/app-store.md): researchers' app packages, one row per app and one per
-- uploaded version. A version is read and its manifest checked on upload (a package that fails is refused and
-- never stored), then its example runs as a real compute task in the sandbox (test_task_id); the author submits
-- it, an app administrator publishes, returns or rejects it, and may withdraw it later. Every step is an event.
create table store_apps (
  -- The manifest's id: goes into URLs and folder names, taken by the first author who uploads it.
  id text primary key check (id ~ '^[a-z][a-z0-9-]{2,39}$'),
  owner_id uuid references users(id) on delete set null,
  owner_name text not null,
  created_at timestamptz not null default now()
);
create index store_apps_owner on store_apps (owner_id);

create table store_app_versions (
  id uuid primary key default gen_random_uuid(),
  app_id text not null references store_apps(id),
  version text not null,
  -- testing: its example runs; tested / test-failed: the run ended; submitted: waits for review;
  -- returned: sent back with comments (a new upload of the same version replaces it); rejected: final;
  -- published: in the store; withdrawn: taken out of the store by an administrator.
  state text not null default 'testing'
    check (state in ('testing', 'tested', 'test-failed', 'submitted', 'returned', 'rejected', 'published', 'withdrawn')),
  manifest jsonb not null,
  file_name text not null,
  -- Under DATA_DIR/app-store/<app>/<version>/: the upload as sent, and the unpacked package's root.
  package_file text not null,
  package_root text not null,
  package_bytes bigint not null,
  package_sha256 text not null,
  -- The package's files (path, bytes) as read, for the reviewer's code view.
  files jsonb not null default '[]',
  test_task_id uuid references compute_tasks(id) on delete set null,
  uploaded_by uuid references users(id) on delete set null,
  uploaded_by_name text not null,
  uploaded_at timestamptz not null default now(),
  submitted_at timestamptz,
  reviewed_by_name text,
  reviewed_at timestamptz,
  review_comment text not null default '',
  published_at timestamptz,
  row_version integer not null default 1,
  unique (app_id, version)
);
create index store_app_versions_state on store_app_versions (state, submitted_at);
create index store_app_versions_published on store_app_versions (app_id, published_at desc) where state = 'published';

-- What happened to a version, in order: upload, test end, submit, publish, return, reject, withdraw.
create table store_app_events (
  id bigint generated always as identity primary key,
  version_id uuid not null references store_app_versions(id) on delete cascade,
  action text not null,
  comment text not null default '',
  actor_id uuid references users(id) on delete set null,
  actor_name text not null,
  at timestamptz not null default now()
);
create index store_app_events_version on store_app_events (version_id, id);
