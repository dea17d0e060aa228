-- Data resources (issue 14, docs/data-resources.md): the steel-grade database the platform ships (seeded from
-- api/modules/dataResources/grades/ on start, replaced as a whole when that data changes) and the resources a
-- SystemAdmin adds (a link or an uploaded dataset).

-- The documents the figures come from (standards and handbooks).
create table steel_sources (
  key text primary key,
  title text not null,
  kind text not null check (kind in ('standard', 'handbook')),
  year integer
);

create table steel_grades (
  id uuid primary key default gen_random_uuid(),
  key text not null unique,                   -- stable id in addresses, e.g. gb-42CrMo
  name text not null,                         -- the designation as its standard writes it
  -- The designation lower-cased without spaces, dashes, dots and slashes, so "42crmo4", "42CrMo-4" and
  -- "42 CrMo 4" find the same grade; a prefix index serves "starts with".
  name_key text not null,
  number text,                                -- ISC, UNS or EN material number
  system text not null,                       -- GB, ASTM, AISI-SAE, JIS, EN, ISO
  standard text not null,                     -- e.g. GB/T 3077-2015
  family text not null,                       -- carbon, alloyStructural, spring, bearing, tool, stainless, heatResistant
  equivalents_source text references steel_sources(key),
  equivalents_where text
);
create index steel_grades_name_key on steel_grades (name_key collate "C");
create index steel_grades_standard on steel_grades (standard);
create index steel_grades_family on steel_grades (family, system);

-- One element's range in mass per cent. lo/hi make every row a closed range, so a search for "Cr 0.8-1.1" is
-- one overlap test on an index: a limit "P <= 0.035" is [0, 0.035], a minimum "N >= 0.10" is [0.10, infinity).
create table steel_grade_elements (
  grade_id uuid not null references steel_grades(id) on delete cascade,
  element text not null,
  min_pct numeric,
  max_pct numeric,
  lo numeric generated always as (coalesce(min_pct, 0)) stored,
  hi numeric generated always as (coalesce(max_pct, 'Infinity'::numeric)) stored,
  source text not null references steel_sources(key),
  source_where text,
  primary key (grade_id, element),
  check (min_pct is not null or max_pct is not null),
  check (min_pct is null or max_pct is null or min_pct <= max_pct)
);
create index steel_grade_elements_range on steel_grade_elements (element, lo, hi) include (grade_id);

-- One property figure: a guaranteed minimum, a maximum, or a typical value, in the state `condition` names.
create table steel_grade_properties (
  id bigint generated always as identity primary key,
  grade_id uuid not null references steel_grades(id) on delete cascade,
  property text not null,
  min_value numeric,
  max_value numeric,
  value numeric,
  lo numeric generated always as (coalesce(min_value, value, '-Infinity'::numeric)) stored,
  hi numeric generated always as (coalesce(max_value, value, 'Infinity'::numeric)) stored,
  condition text not null default '',
  temperature_c numeric,
  source text not null references steel_sources(key),
  source_where text,
  check (min_value is not null or max_value is not null or value is not null)
);
create index steel_grade_properties_grade on steel_grade_properties (grade_id);
create index steel_grade_properties_range on steel_grade_properties (property, lo, hi) include (grade_id);

-- Equivalent grades across standards, stored both ways.
create table steel_grade_equivalents (
  grade_id uuid not null references steel_grades(id) on delete cascade,
  equivalent_id uuid not null references steel_grades(id) on delete cascade,
  primary key (grade_id, equivalent_id),
  check (grade_id <> equivalent_id)
);

-- What version of a shipped data set is loaded (a hash of it), so a start loads it only when it changed.
create table shipped_data (
  name text primary key,
  version text not null,
  loaded_at timestamptz not null default now()
);

-- Resources a SystemAdmin adds to /dataResource/index: a link to a database, uploaded dataset files, or both
-- (the API asks for at least one).
create table data_resources (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  kind text not null check (kind in ('database', 'dataset', 'literature', 'software', 'other')),
  description text not null default '',
  url text,
  version integer not null default 1,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index data_resources_name on data_resources (lower(name));

create table data_resource_files (
  resource_id uuid not null references data_resources(id) on delete cascade,
  attachment_id uuid not null references attachments(id) on delete cascade,
  sort integer not null default 0,
  primary key (resource_id, attachment_id)
);
create index data_resource_files_attachment on data_resource_files (attachment_id);
