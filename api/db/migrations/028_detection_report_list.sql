-- The reports page (issue 15, docs/detection.md) lists reports newest first (TrialDetection/GetReportList).
create index detection_reports_issued_at on detection_reports (issued_at desc, id);
