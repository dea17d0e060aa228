-- The app store's voices (issue 17, docs/app-store.md): users' ratings of an app (one per user and app, only
-- from someone whose task of it succeeded), and experts' evaluations of a submitted version on stated criteria,
-- by invitation of an app administrator, read side by side before publishing.
create table store_app_ratings (
  app_id text not null references store_apps(id),
  user_id uuid not null references users(id) on delete cascade,
  user_name text not null,
  stars smallint not null check (stars between 1 and 5),
  comment text not null default '',
  -- The version the rater ran last when rating (shown beside the review).
  version text not null,
  rated_at timestamptz not null default now(),
  primary key (app_id, user_id)
);
create index store_app_ratings_recent on store_app_ratings (app_id, rated_at desc);

create table store_app_experts (
  version_id uuid not null references store_app_versions(id) on delete cascade,
  expert_id uuid not null references users(id) on delete cascade,
  expert_name text not null,
  invited_by_name text not null,
  invited_at timestamptz not null default now(),
  -- null until the expert saves; then each criterion 1..5 and the comment.
  correctness smallint check (correctness between 1 and 5),
  documentation smallint check (documentation between 1 and 5),
  usefulness smallint check (usefulness between 1 and 5),
  performance smallint check (performance between 1 and 5),
  comment text not null default '',
  evaluated_at timestamptz,
  primary key (version_id, expert_id)
);
create index store_app_experts_mine on store_app_experts (expert_id, invited_at desc);
