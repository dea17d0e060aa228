-- Equipment in use (issue 16, docs/equipment.md): the registered instrument a result was measured on, which
-- the equipment statistics count, and which calibration notice its keeper last had.

-- The instrument a result was measured on, when it was a registered one (`equipment` keeps its label as
-- entered, or as the instrument was named then). A deleted instrument leaves its results with the label.
alter table detection_results add column equipment_id uuid references equipment(id) on delete set null;
create index detection_results_equipment on detection_results (equipment_id, entered_at) where equipment_id is not null;

-- The calibration notice the keeper last got: the due date and the state it was sent for ("dueSoon" or
-- "overdue"), so each instrument's keeper is told once per state and due date, however often the sweep runs.
alter table equipment add column calibration_noticed text;
