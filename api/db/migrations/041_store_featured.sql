-- The store's "featured" shelf (issue 17): apps an app administrator features, newest featured first; null when not.
alter table store_apps add column featured_at timestamptz;
alter table store_apps add column featured_by_name text;
