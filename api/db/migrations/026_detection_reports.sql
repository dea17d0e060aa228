-- Test detection, reports (issue 15, docs/detection.md): the PDF test report of an order, issued by its `report`
-- action and again as a corrected version (ReissueReport, or the report after a retest). Every version is kept
-- as issued: a client holding version 1 can still read it and learn from its QR code that version 2 replaced it.

create table detection_reports (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references detection_orders(id) on delete cascade,
  version integer not null check (version >= 1),  -- 1, 2, … per order
  code text not null unique,                      -- the order's code + "-R" + version: WT202611-0042-R1
  -- Why this version replaced the one before ('' for the first): the retest's reason, or the correction's.
  reason text not null default '',
  -- The exact bytes issued, not a recipe to draw them again: a later fix of the layout, a grade's or a client's
  -- name changed, or a new font must not change what a client already holds. sha256 (hex) lets anyone compare
  -- the file they were sent with the one the lab issued (VerifyReport answers it).
  pdf bytea not null,
  sha256 text not null,
  -- The QR code's secret (128 random bits, base64url): whoever holds the paper can verify it online without an
  -- account, and nobody can find another order's report by counting.
  verify_token text not null unique,
  lang text not null check (lang in ('zh', 'en', 'es', 'ja')),
  issued_by uuid references users(id) on delete set null,
  issued_by_name text not null,
  issued_at timestamptz not null default now(),
  unique (order_id, version)
);
