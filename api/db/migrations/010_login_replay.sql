-- Login credentials other platforms hand over (SSO tokens, SG/Matdao login strings) are accepted once
-- (docs/login.md): the SHA-256 of each one used, kept until it would have expired anyway.
create table used_login_credentials (
  hash text primary key,
  method text not null,
  expires_at timestamptz not null,
  used_at timestamptz not null default now()
);
create index used_login_credentials_expires on used_login_credentials(expires_at);
