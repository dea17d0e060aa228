-- People administration (/systemManage/personManage, docs/system.md): the list's filters served by indexes,
-- and an administrator's unlock of a login the failure rate limit holds.

-- Name, user name and mobile are searched by prefix and sorted, lower-cased, in the "C" collation: one index
-- then serves both `like 'x%'` and `order by … limit/offset`, and both databases sort alike (code point order;
-- a linguistic collation is several times slower to sort and PGlite has none).
create index users_real_name_c on users ((lower(real_name) collate "C"), id);
create index users_name_c on users ((lower(name) collate "C"), id);
create index users_mobile_c on users ((mobile collate "C"));
-- "People with role R": from the role to its users without reading every user's roles.
create index user_roles_role on user_roles (role_code, user_id);

-- Failed logins before this moment no longer count against the account (api/modules/login/rate-limit.ts).
alter table users add column login_unlocked_at timestamptz;

-- An Excel import checked and waiting for the admin's confirmation (System/ConfirmPersonImport): kept in the
-- database so whichever API instance answers the confirmation finds it; deleted when confirmed or after an hour.
create table person_import_batches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  file_name text not null default '',
  rows jsonb not null,
  created_at timestamptz not null default now()
);
