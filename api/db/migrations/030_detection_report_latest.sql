-- The reports list (GetReportList) shows each order's current version: a flag kept by the issue that replaces
-- it (reports.ts), instead of finding every order's newest version per row (93 ms p95 over 15,000 reports on
-- PGlite), with an index of the current ones newest first. A report is found by the start of its code.
alter table detection_reports add column latest boolean not null default true;
update detection_reports r set latest = (r.version = (select max(x.version) from detection_reports x where x.order_id = r.order_id));
create index detection_reports_latest_issued on detection_reports (issued_at desc, id) where latest;
create index detection_reports_code_prefix on detection_reports (code text_pattern_ops);
