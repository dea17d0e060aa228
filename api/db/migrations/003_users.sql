-- Users, menus and messages: constraints and indexes for the calls of the users, messages and menus modules.

-- GenderArr (section 3): 0 unknown, 1 male, 9 female. The API validates too; the table refuses the rest.
alter table users add constraint users_gender_check check (gender in (0, 1, 9));

-- The unread badge is read on every page load: published notices, and a user's unread directed messages.
create index notices_published on notices(published_at) where published_at is not null;
create index user_messages_unread on user_messages(user_id) where read_at is null;

-- Wrong current passwords on User/UpdatePassword are counted per user in a short window.
create index login_audit_user_method_at on login_audit(user_id, method, at);

-- A user's menu: grants by role.
create index resource_grants_role on resource_grants(role_code);
