-- Foundation schema: people, roles, the resource (menu) tree, sessions, login machinery, categories, notices.

create table departments (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,                 -- login name
  real_name text not null default '',
  password_hash text not null,
  mobile text unique,
  email text,
  id_card text,
  gender smallint not null default 0,        -- GenderArr: 0 unknown, 1 male, 9 female
  department_id uuid references departments(id),
  update_pwd boolean not null default true,  -- false forces a password change (UpdatePwd=0)
  disabled boolean not null default false,
  first_login_at timestamptz,
  last_login_at timestamptz,
  password_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table roles (
  code text primary key,
  name text not null,
  sort integer not null default 0
);

create table user_roles (
  user_id uuid not null references users(id) on delete cascade,
  role_code text not null references roles(code) on delete cascade,
  primary key (user_id, role_code)
);

-- The menu/resource tree. Url is a route of the web; show_type follows MenuShowTypeArray (1, 3, 5).
create table resources (
  id uuid primary key default gen_random_uuid(),
  parent_id uuid references resources(id) on delete cascade,
  code text not null unique,
  name text not null,
  url text not null default '',
  icon text not null default '',
  show_type smallint not null default 1,
  sort integer not null default 0,
  hidden boolean not null default false      -- listed in HideChildMenuList, never in the menu
);
create index resources_parent on resources(parent_id);

-- Which role sees which resource, and whether it may use it (PType).
create table resource_grants (
  resource_id uuid not null references resources(id) on delete cascade,
  role_code text not null references roles(code) on delete cascade,
  ptype text not null default 'ReadAndWrite' check (ptype in ('ReadAndWrite', 'ReadOnly')),
  primary key (resource_id, role_code)
);

-- Tokens are random and stored only as their SHA-256 hash.
create table sessions (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  method text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text,
  ip text,
  user_agent text
);
create index sessions_user on sessions(user_id);

create table login_audit (
  id bigserial primary key,
  at timestamptz not null default now(),
  method text not null,
  user_name text,
  user_id uuid,
  ip text,
  success boolean not null,
  reason text
);
create index login_audit_name_at on login_audit(user_name, at);
create index login_audit_ip_at on login_audit(ip, at);

create table captchas (
  id uuid primary key default gen_random_uuid(),
  text text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create table sms_codes (
  id uuid primary key default gen_random_uuid(),
  mobile text not null,
  purpose text not null check (purpose in ('login', 'reset')),
  code_hash text not null,
  verification_string text not null unique,
  ip text,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index sms_codes_mobile_at on sms_codes(mobile, created_at);

-- One-time QR login tickets: the desktop holds the secret, a logged-in phone approves the id.
create table qr_tickets (
  id uuid primary key default gen_random_uuid(),
  secret_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  approved_by uuid references users(id) on delete cascade,
  approved_at timestamptz,
  consumed_at timestamptz
);

create table compute_categories (
  category text primary key,
  category_text text not null,
  description text not null default '',
  icon text not null default '',
  sort integer not null default 0
);

create table notices (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  author text not null default '',
  content text not null default '',
  created_by uuid references users(id) on delete set null,
  published_at timestamptz,
  created_at timestamptz not null default now()
);

create table notice_reads (
  notice_id uuid not null references notices(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (notice_id, user_id)
);

-- Directed messages (receiveDirectionalMessageBroadcast): one user's own messages.
create table user_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  title text not null,
  content text not null default '',
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index user_messages_user on user_messages(user_id);
