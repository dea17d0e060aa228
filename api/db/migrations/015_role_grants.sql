-- What a role may see, as this site changed it (/systemManage/roleManage). The tree in code gives every
-- page's default grants and is re-seeded on each start; these rows are laid over it by the seeder, so a
-- site's changes survive restarts and upgrades. ptype null: the role does not see the page although the
-- tree would grant it. Keyed by the page's Code, which is what stays the same across releases.
create table resource_grant_changes (
  role_code text not null references roles(code) on delete cascade,
  resource_code text not null,
  ptype text check (ptype in ('ReadAndWrite', 'ReadOnly')),
  changed_by uuid references users(id) on delete set null,
  changed_at timestamptz not null default now(),
  primary key (role_code, resource_code)
);

-- A role's grants are saved as a whole; the version tells a save from a form opened before someone else's.
alter table roles add column grants_version integer not null default 1;
