-- Uploaded thermodynamic databases (ThermoDatabase/*, issue 6). The file lives in DATA_DIR/tdb/<id>.tdb, named
-- by the row's id, so no client-chosen name reaches the file system. The shipped databases are not rows: they
-- come with the code (solvers/calphad/databases/). What the catalogue lists (elements, phases, counts) is
-- read from the parsed file once, at upload, so the list never parses files.
create table tdb_databases (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  file_name text not null,
  size bigint not null check (size >= 0),
  sha256 text not null,
  citation text not null default '',
  elements text[] not null,
  phases text[] not null,
  function_count integer not null,
  parameter_count integer not null,
  -- A departed uploader's published database stays in the catalogue; an unpublished one is then the admins' to delete.
  owner_id uuid references users(id) on delete set null,
  published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now()
);
create index tdb_databases_owner on tdb_databases(owner_id, created_at desc);
create index tdb_databases_published on tdb_databases(created_at desc) where published;
