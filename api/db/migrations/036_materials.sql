-- Materials (issue 16, docs/materials.md): the steel the lab's samples are cut from, with its process history
-- (melting, rolling, heat treatment…). A material is found by its code; its samples and test records are those of
-- its heat number (detection_samples.heat_no, test_records.heat_no), so nothing has to be linked twice.
create table materials (
  id uuid primary key default gen_random_uuid(),
  code text not null,                              -- the material's own number, e.g. M2611-001
  grade text not null default '',
  heat_no text not null default '',
  supplier text not null default '',
  form text not null default '',                   -- bar, plate, wire, forging…
  dimensions text not null default '',             -- Φ25 × 3000 mm, 10 × 1500 × 6000 mm
  condition text not null default '',              -- as delivered: hot rolled, quenched and tempered…
  note text not null default '',
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create unique index materials_code on materials (upper(code));
create index materials_heat on materials (upper(heat_no)) where heat_no <> '';
create index materials_grade on materials (upper(grade));

-- The process steps in their order. Temperatures in °C, durations in minutes; a carburizing step may give its
-- carbon potential (wt%). What a step is (melting, rolling, quenching…) decides what it can start (docs/materials.md).
create table material_steps (
  material_id uuid not null references materials(id) on delete cascade,
  seq integer not null,
  kind text not null,
  title text not null default '',
  temperature_c double precision,
  duration_min double precision,
  medium text not null default '',                 -- atmosphere or quench medium: air, oil, water, endogas…
  carbon_potential double precision,
  performed_on date,
  note text not null default '',
  primary key (material_id, seq)
);

-- Samples are found by heat number ignoring case.
create index detection_samples_heat on detection_samples (upper(heat_no)) where heat_no <> '';
create index test_records_heat on test_records (upper(heat_no)) where heat_no <> '';
