-- Test detection, results (issue 15, docs/detection.md): the values measured on each sample per method and
-- quantity, with the limit they were judged against, who measured and on what, and who verified them. A value
-- changes in place until it is verified; after that only a retest replaces it, and the old row stays with why.

-- Limits the client sets on an order, beside or instead of the grade's (e.g. Rm >= 1000 MPa for this part).
create table detection_order_limits (
  order_id uuid not null references detection_orders(id) on delete cascade,
  method text not null,
  quantity text not null,
  min_value double precision,
  max_value double precision,
  check (min_value is not null or max_value is not null),
  check (min_value is null or max_value is null or min_value <= max_value),
  primary key (order_id, method, quantity)
);

create table detection_results (
  id uuid primary key default gen_random_uuid(),
  sample_id uuid not null references detection_samples(id) on delete cascade,
  order_id uuid not null references detection_orders(id) on delete cascade,
  method text not null,
  quantity text not null,
  value double precision,                      -- numeric quantities
  text_value text not null default '',         -- described ones (a microstructure)
  unit text not null default '',
  -- The limit the value was judged against when it was entered, and where it came from: a grade's figure
  -- changed later does not change a verdict already reported.
  min_limit double precision,
  max_limit double precision,
  limit_source text not null default '' check (limit_source in ('', 'grade', 'order')),
  verdict text not null check (verdict in ('in', 'out', 'none')),
  equipment text not null default '',
  source text not null default 'form' check (source in ('form', 'csv')),
  entered_by uuid references users(id) on delete set null,
  entered_by_name text not null,
  entered_at timestamptz not null default now(),
  verified_by uuid references users(id) on delete set null,
  verified_by_name text,
  verified_at timestamptz,
  -- A retest keeps the replaced row: when it was replaced and the retest's reason.
  superseded_at timestamptz,
  retest_reason text not null default ''
);
-- One current value per sample, method and quantity.
create unique index detection_results_current on detection_results (sample_id, method, quantity) where superseded_at is null;
create index detection_results_order on detection_results (order_id, sample_id);
