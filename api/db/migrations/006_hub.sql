-- The real-time hub's shared settings. `ticket_secret` signs the hub tickets (SysMessage/GetHubTicket): every
-- API instance on this database reads the same secret, so a ticket issued by one is accepted by all. It is
-- generated here, once, from two random UUIDs (244 random bits), and never leaves the database and the API.
create table hub_settings (
  name text primary key,
  value text not null
);
insert into hub_settings(name, value)
values ('ticket_secret', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
