-- Test records (issue 16, docs/test-data.md): one row per tested piece with its composition and properties as
-- numbers, whatever brought them in: a lab order once verified (`lab`), an instrument's file, an offline
-- upload, the phone. This is what "my test data" lists and the similar-data search ranks; the lab's own
-- tables (detection_results) stay the record of how each value was measured and verified.
--
-- The composition and the properties are columns, not rows of (element, value): a record is read whole, by the
-- search index each API instance keeps in memory (below, and docs/test-data.md: on PGlite no SQL plan counted
-- 100,000 matches in under 50 ms), and by id for the rows a page shows. The set is the grade catalogue's
-- searchable elements (common/steel-grades.ts SEARCH_ELEMENTS) and the lab's mechanical quantities.
create table test_records (
  id uuid primary key default gen_random_uuid(),
  code text not null,                              -- the sample ID (lab), or the specimen's own from the file
  source text not null check (source in ('lab', 'instrument', 'upload', 'mobile')),
  sample_id uuid references detection_samples(id) on delete cascade,
  order_id uuid references detection_orders(id) on delete cascade,
  grade text not null default '',
  heat_no text not null default '',
  form text not null default '',
  condition text not null default '',              -- as rolled, quenched and tempered (860 °C oil, 550 °C 2 h)…
  methods text[] not null default '{}',
  tested_at timestamptz not null,
  -- Whose record it is (TestDetectionDataLevel 1 "my tasks"), the department or enterprise it belongs to
  -- (level 2 "group tasks"; outside readers see only their enterprise's), the research project it serves.
  owner_id uuid references users(id) on delete set null,
  owner_name text not null default '',
  department_id uuid references departments(id) on delete set null,
  enterprise_id uuid references enterprises(id) on delete set null,
  project_id uuid references projects(id) on delete set null,
  -- Composition, wt%.
  c double precision, si double precision, mn double precision, p double precision, s double precision,
  cr double precision, ni double precision, mo double precision, v double precision, w double precision,
  co double precision, cu double precision, al double precision, ti double precision, nb double precision,
  n double precision, b double precision,
  -- Properties: tensile (MPa, %), hardness, Charpy energy at its temperature, grain size number.
  rm double precision, rp02 double precision, reh double precision, elongation double precision, reduction double precision,
  hbw double precision, hrc double precision, hv double precision, kv2 double precision, kv2_temp double precision,
  grain double precision,
  structure text not null default '',
  created_at timestamptz not null default now()
);
-- A lab sample has one record, rewritten each time its order is verified.
create unique index test_records_sample on test_records (sample_id) where sample_id is not null;
create index test_records_order on test_records (order_id) where order_id is not null;

-- Every change of a record, by the transaction that made it: each API instance keeps the records' search index
-- in memory (api/modules/testData/record-index.ts) and, before it answers, rereads the records changed by any
-- transaction not finished when it last looked (xid >= that moment's snapshot xmin), so an instance sees the
-- others' writes without a message bus, in commit order or not. Rows older than a day are pruned; an index
-- that has not looked for an hour loads everything again.
create table test_record_changes (
  xid xid8 not null default pg_current_xact_id(),
  record_id uuid not null,
  at timestamptz not null default now()
);
create index test_record_changes_xid on test_record_changes (xid);
create function test_record_changed() returns trigger language plpgsql as $$
begin
  insert into test_record_changes (record_id) values (case when tg_op = 'DELETE' then old.id else new.id end);
  return null;
end $$;
create trigger test_record_changed after insert or update or delete on test_records for each row execute function test_record_changed();
