-- The order list's keyword finds an order by the start of its code (WT202611-00…, typed or read off a label):
-- a prefix match on this index instead of reading every code (129 ms p50 over 50,000 orders on PGlite).
create index detection_orders_code_prefix on detection_orders (code text_pattern_ops);
