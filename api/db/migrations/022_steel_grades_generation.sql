-- The grade search keeps its index in the API's memory (api/modules/dataResources/grade-index.ts) and asks this
-- one-row counter whether the grades changed; triggers bump it on every write to the grades and their element
-- ranges (what the index holds), whoever writes (the seeder, a benchmark, a future editor), as
-- department_tree_generation does for the tree.
create table steel_grades_generation (
  id boolean primary key default true check (id),
  generation bigint not null default 0
);
insert into steel_grades_generation default values;

create function bump_steel_grades_generation() returns trigger language plpgsql as $$
begin
  update steel_grades_generation set generation = generation + 1;
  return null;
end
$$;

create trigger steel_grades_changed after insert or update or delete or truncate on steel_grades
  for each statement execute function bump_steel_grades_generation();
create trigger steel_grade_elements_changed after insert or update or delete or truncate on steel_grade_elements
  for each statement execute function bump_steel_grades_generation();
