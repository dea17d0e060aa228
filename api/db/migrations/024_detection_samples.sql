-- Test detection, samples (issue 15, docs/detection.md): each piece an order announces is registered on receipt
-- with an ID from a pattern (common/detection.ts) and its material and storage place; labels print from here.

create table detection_samples (
  id uuid primary key default gen_random_uuid(),
  code text not null,                           -- the sample ID, e.g. S202611-0042; printed on its label
  order_id uuid not null references detection_orders(id) on delete cascade,
  line_no integer not null,                     -- the order line (detection_order_lines) it answers
  piece_no integer not null check (piece_no >= 1),
  grade text not null default '',
  heat_no text not null default '',
  form text not null default '',
  condition text not null default '',
  storage text not null default '',             -- where the lab keeps it: a cabinet, shelf, drawer
  -- Copied from the order so a lookup by ID checks an outside reader without a join.
  client_enterprise_id uuid,
  registered_by uuid references users(id) on delete set null,
  registered_by_name text not null,
  registered_at timestamptz not null default now(),
  foreign key (order_id, line_no) references detection_order_lines (order_id, line_no),
  unique (order_id, line_no, piece_no)
);
-- IDs are typed and scanned: unique, and found ignoring case.
create unique index detection_samples_code on detection_samples (upper(code));
create index detection_samples_order on detection_samples (order_id, line_no, piece_no);
