-- Login module: SMS failures are counted per mobile number (the account a guesser targets there), and
-- the throw-away rows (captchas, QR tickets) are pruned by expiry, so both need indexes.

alter table login_audit add column mobile text;
create index login_audit_mobile_at on login_audit(mobile, at);

-- The per-address daily cap on SMS codes counts by ip.
create index sms_codes_ip_at on sms_codes(ip, created_at);

create index captchas_expires on captchas(expires_at);
create index qr_tickets_expires on qr_tickets(expires_at);
