-- The log pages (docs/system.md): the login log shows the browser of each attempt, newest first.
alter table login_audit add column user_agent text;
create index login_audit_at on login_audit (at desc, id desc);
create index sessions_live on sessions (expires_at) where revoked_at is null;
