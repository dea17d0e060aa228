-- A test record from an offline upload or the phone can be corrected by its owner (docs/test-data.md): each
-- correction is made at the version it was opened with, so two people correcting one record cannot overwrite
-- each other unseen.
alter table test_records add column version integer not null default 1;
