-- Test detection, first part (issue 15, docs/detection.md): the laboratory's detection projects (a client's
-- testing request) and their task orders (the samples to test and, for each, the test methods), moved through
-- their states by SetTaskOrderState with every step recorded.

create table detection_projects (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  name text not null,
  -- The client: one of the institute's departments or an outside enterprise, never both.
  client_department_id uuid references departments(id),
  client_enterprise_id uuid references enterprises(id),
  check ((client_department_id is null) <> (client_enterprise_id is null)),
  -- The research project (the projects issue's) the testing serves, if any.
  research_project_id uuid references projects(id) on delete set null,
  standards text not null default '',          -- the standards the client asks for, as written
  due_date date,
  status text not null default 'active' check (status in ('active', 'closed')),
  leader_id uuid not null references users(id),  -- the lab's person in charge
  version integer not null default 1,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index detection_projects_code on detection_projects (lower(code));
create index detection_projects_client_enterprise on detection_projects (client_enterprise_id) where client_enterprise_id is not null;

create table detection_orders (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,                    -- issued from detection_sequences at creation
  project_id uuid not null references detection_projects(id),
  -- Copied from the project so the list filters by client without a join (a project's client never changes
  -- once it has orders).
  client_department_id uuid,
  client_enterprise_id uuid,
  state text not null default 'draft'
    check (state in ('draft', 'submitted', 'received', 'in_test', 'to_verify', 'verified', 'reported', 'cancelled')),
  grade text not null default '',               -- the steel grade the samples are said to be (limits come from it)
  due_date date,
  note text not null default '',
  version integer not null default 1,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  state_changed_at timestamptz not null default now()
);
-- The lab's list: by state and client, newest first (TrialDetection/GetDetectionTaskOrderBase).
create index detection_orders_state on detection_orders (state, created_at desc);
create index detection_orders_enterprise on detection_orders (client_enterprise_id, created_at desc) where client_enterprise_id is not null;
create index detection_orders_department on detection_orders (client_department_id, created_at desc) where client_department_id is not null;
create index detection_orders_project on detection_orders (project_id, created_at desc);
create index detection_orders_created on detection_orders (created_at desc);
create index detection_orders_due on detection_orders (due_date);

-- The samples an order announces, each with the test methods asked for (codes of api/modules/detection/methods.ts).
create table detection_order_lines (
  order_id uuid not null references detection_orders(id) on delete cascade,
  line_no integer not null check (line_no >= 1),
  description text not null,
  grade text not null default '',
  heat_no text not null default '',
  form text not null default '',                -- bar, plate, tube, wire, forging, casting, weld…
  condition text not null default '',           -- as rolled, normalised, quenched and tempered…
  quantity integer not null default 1 check (quantity between 1 and 1000),
  methods text[] not null,
  primary key (order_id, line_no)
);

-- Every change of state: who, when, from what to what, and why (cancel and retest need a reason).
create table detection_order_events (
  id bigserial primary key,
  order_id uuid not null references detection_orders(id) on delete cascade,
  action text not null,
  from_state text,
  to_state text not null,
  reason text not null default '',
  by_user uuid references users(id) on delete set null,
  by_name text not null,
  at timestamptz not null default now()
);
create index detection_order_events_order on detection_order_events (order_id, id);

-- Counters for issued codes, one row per kind and period ("order|2026|11"), taken with a row lock.
create table detection_sequences (
  key text primary key,
  last integer not null
);
