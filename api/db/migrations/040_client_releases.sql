-- Desktop client releases (issue 17, /steelApp/deskAppInfo, docs/app-store.md "Desktop client"): files app
-- administrators publish for download, each with its version, platform, size, sha256, notes and the kinds of
-- update it carries (the spec's VersionContentArray keys). JHAppServer/DownLoad serves the newest release
-- carrying 88 (new client); a withdrawn release is kept (its file too) but no longer offered.
create table client_releases (
  id uuid primary key default gen_random_uuid(),
  version text not null,
  platform text not null check (platform in ('windows', 'macos', 'linux', 'any')),
  kinds smallint[] not null check (cardinality(kinds) > 0 and kinds <@ array[3, 7, 15, 31, 63, 88]::smallint[]),
  notes text not null default '',
  file_name text not null,
  -- The file under DATA_DIR/client-releases, named by the release's id (never by what the upload called itself).
  stored_file text not null,
  bytes bigint not null,
  sha256 text not null,
  uploaded_by uuid references users(id) on delete set null,
  uploaded_by_name text not null,
  uploaded_at timestamptz not null default now(),
  withdrawn_at timestamptz,
  withdrawn_by_name text
);
-- One live release per version and platform; a withdrawn one may be uploaded again.
create unique index client_releases_live on client_releases (version, platform) where withdrawn_at is null;
create index client_releases_newest on client_releases (uploaded_at desc) where withdrawn_at is null;
