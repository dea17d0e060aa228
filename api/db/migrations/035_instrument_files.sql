-- Instrument data (issue 16, docs/instrument-data.md): the files the lab's instruments send, by hand through
-- myInstrumentData (FileTransferAdmin) or by the instrument itself with an upload token (newCloudEquip), each
-- checked against its SHA-256, assigned to a sample, and read by a parser when one knows the instrument's format.

-- An instrument's upload tokens. Only the SHA-256 of a token is kept: it is shown once, when issued. A revoked
-- token stays listed (who revoked it, when) so its past uploads still say where they came from.
create table equipment_tokens (
  id uuid primary key default gen_random_uuid(),
  equipment_id uuid not null references equipment(id) on delete cascade,
  label text not null default '',
  token_hash text not null unique,
  token_hint text not null,                        -- the token's first characters, to tell tokens apart
  created_by uuid references users(id) on delete set null,
  created_by_name text not null default '',
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by_name text
);
create index equipment_tokens_equipment on equipment_tokens (equipment_id, created_at desc);

create table instrument_files (
  id uuid primary key default gen_random_uuid(),
  file_name text not null,                         -- as sent, cleaned of any path
  stored_name text not null unique,                -- its name under the data folder's instrument-files/
  size bigint not null,
  sha256 text not null,
  equipment_id uuid references equipment(id) on delete set null,
  token_id uuid references equipment_tokens(id) on delete set null,
  uploaded_by uuid references users(id) on delete set null,
  uploaded_by_name text not null default '',       -- a person, or the instrument's label for a token upload
  -- The sample it belongs to: the ID sent (kept as typed when it matched no sample yet) and the sample found.
  sample_code text not null default '',
  sample_id uuid references detection_samples(id) on delete set null,
  -- What a parser read (spectrometer, tensile): values and, for a tensile test, its curve; or why it could not.
  parser text,
  parse_state text not null default 'none' check (parse_state in ('none', 'parsed', 'failed')),
  parse_error text,
  parsed jsonb,
  created_at timestamptz not null default now()
);
create index instrument_files_created on instrument_files (created_at desc);
create index instrument_files_sample on instrument_files (sample_id) where sample_id is not null;
create index instrument_files_equipment on instrument_files (equipment_id, created_at desc) where equipment_id is not null;
