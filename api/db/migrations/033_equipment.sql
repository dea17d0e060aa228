-- Experimental equipment (issue 16, docs/equipment.md): the lab's instruments, who keeps them, what methods
-- they run, and their calibration (a due date passed or near shows on the keeper's pages).
create table equipment (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  model text not null default '',
  maker text not null default '',
  serial text not null default '',
  location text not null default '',
  department_id uuid references departments(id) on delete set null,
  keeper_id uuid references users(id) on delete set null,
  methods text[] not null default '{}',
  calibrated_on date,
  calibration_due date,
  status text not null default 'active' check (status in ('active', 'maintenance', 'retired')),
  note text not null default '',
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check (calibration_due is null or calibrated_on is null or calibration_due >= calibrated_on)
);
-- One instrument per maker and serial number (a serial alone repeats across makers).
create unique index equipment_serial on equipment (lower(maker), lower(serial)) where serial <> '';
create index equipment_department on equipment (department_id);
create index equipment_keeper on equipment (keeper_id);
create index equipment_due on equipment (calibration_due) where status <> 'retired';

-- Photos and manuals: uploads (attachments) an instrument holds, in their order (notices/attachment-refs.ts).
create table equipment_photos (
  equipment_id uuid not null references equipment(id) on delete cascade,
  attachment_id uuid not null references attachments(id),
  sort integer not null default 0,
  primary key (equipment_id, attachment_id)
);
create table equipment_manuals (
  equipment_id uuid not null references equipment(id) on delete cascade,
  attachment_id uuid not null references attachments(id),
  sort integer not null default 0,
  primary key (equipment_id, attachment_id)
);
