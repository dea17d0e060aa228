-- A person's WeChat binding (/myInfo/bindWxResult): the openid the site's WeChat app sees for them, so a
-- WeChat QR login (/wxlogin) finds the account. One account per openid.
alter table users add column wx_openid text;
alter table users add column wx_unionid text;
alter table users add column wx_nickname text not null default '';
alter table users add column wx_bound_at timestamptz;
create unique index users_wx_openid on users (wx_openid) where wx_openid is not null;
