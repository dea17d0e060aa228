/**
 * The lab's two edit forms (docs/detection.md), read from a posted form into the API's JSON and back: a task
 * order with its sample lines and limits, and a detection project. The form's fields are flat names so it
 * works without JavaScript: line i is `l<i>.<Field>` with its methods as checkboxes `l<i>.Methods`, limit j is
 * `x<j>.Quantity` ("METHOD/KEY"), `x<j>.Min`, `x<j>.Max`. Pure, so the page and its tests share it.
 */

export const ORDER_LINE_FIELDS = ["Description", "Grade", "HeatNo", "Form", "Condition", "Quantity"] as const;
import type { DetectionProjectRow } from "../../common/detection.ts";
import { DETECTION_LIMITS } from "../../common/forms/limits.ts";

export const DEFAULT_LINES = 3;
/** As many rows as an order may have: a draft of any size edits without losing a line. */
export const MAX_FORM_LINES = DETECTION_LIMITS.lines;
/** Limit rows shown: three, or as many as the draft has. */
export const LIMIT_ROWS = 3;
const MAX_LIMIT_ROWS = 100;

/** How many line rows a form shows: what was posted (plus one when asked), within bounds. */
export function lineCount(raw: string | null | undefined, more = false): number {
  const n = Number(raw);
  const base = Number.isInteger(n) && n >= 1 ? n : DEFAULT_LINES;
  return Math.min(MAX_FORM_LINES, base + (more ? 1 : 0));
}

export interface OrderJson {
  Id?: string;
  ProjectId: string;
  Grade: string;
  DueDate: string;
  Note: string;
  Lines: Array<Record<(typeof ORDER_LINE_FIELDS)[number], string> & { Methods: string[] }>;
  Limits: Array<{ Method: string; Quantity: string; Min: string; Max: string }>;
  Version?: string;
}

/**
 * The posted order as the API takes it, the values to show again, and how to name the API's refused fields
 * in the form: a line left blank (no description, no method) is not sent, so the API's `Lines.<n>` is the
 * form's n-th filled line.
 */
export function orderFromForm(form: FormData): { json: OrderJson; values: Record<string, string>; fieldOf: (apiField: string) => string | null; lines: number } {
  const text = (k: string) => String(form.get(k) ?? "").trim();
  const lines = lineCount(text("lines"));
  const limitRows = Math.min(MAX_LIMIT_ROWS, Math.max(LIMIT_ROWS, Number(text("limits")) || 0));
  const values: Record<string, string> = { lines: String(lines), limits: String(limitRows) };
  for (const k of ["Id", "ProjectId", "Grade", "DueDate", "Note", "Version"]) values[k] = text(k);
  const sentLines: number[] = [];
  const json: OrderJson = { ProjectId: values.ProjectId, Grade: values.Grade, DueDate: values.DueDate, Note: values.Note, Lines: [], Limits: [] };
  if (values.Id) json.Id = values.Id;
  if (values.Version) json.Version = values.Version;
  for (let i = 0; i < lines; i++) {
    const line = Object.fromEntries(ORDER_LINE_FIELDS.map((f) => [f, text(`l${i}.${f}`)])) as Record<(typeof ORDER_LINE_FIELDS)[number], string>;
    const methods = form.getAll(`l${i}.Methods`).map(String).filter(Boolean);
    for (const f of ORDER_LINE_FIELDS) values[`l${i}.${f}`] = line[f];
    values[`l${i}.Methods`] = methods.join(",");
    // A row is left out only when nothing was typed in it (its quantity's default aside): a grade without a
    // description goes to the API, which says what is missing.
    if (ORDER_LINE_FIELDS.every((f) => f === "Quantity" || !line[f]) && methods.length === 0) continue;
    sentLines.push(i);
    json.Lines.push({ ...line, Methods: methods });
  }
  const sentLimits: number[] = [];
  for (let j = 0; j < limitRows; j++) {
    const [q, min, max] = [text(`x${j}.Quantity`), text(`x${j}.Min`), text(`x${j}.Max`)];
    values[`x${j}.Quantity`] = q;
    values[`x${j}.Min`] = min;
    values[`x${j}.Max`] = max;
    if (!q && !min && !max) continue;
    const [method, quantity] = q.split("/");
    sentLimits.push(j);
    json.Limits.push({ Method: method ?? "", Quantity: quantity ?? "", Min: min, Max: max });
  }
  const fieldOf = (apiField: string): string | null => {
    const line = /^Lines\.(\d+)\.(\w+)/.exec(apiField);
    if (line) return sentLines[Number(line[1])] === undefined ? null : `l${sentLines[Number(line[1])]}.${line[2]}`;
    const limit = /^Limits\.(\d+)\.(\w+)/.exec(apiField);
    if (limit) return sentLimits[Number(limit[1])] === undefined ? null : `x${sentLimits[Number(limit[1])]}.${limit[2] === "Method" ? "Quantity" : limit[2]}`;
    return apiField in values || apiField === "Lines" || apiField === "Limits" ? apiField : null;
  };
  return { json, values, fieldOf, lines };
}

/** An order's saved fields as the form's values (editing a draft). */
export function orderValues(o: {
  Id: string;
  ProjectId: string;
  Grade: string;
  DueDate: string | null;
  Note: string;
  Version: number;
  Lines: Array<{ Description: string; Grade: string; HeatNo: string; Form: string; Condition: string; Quantity: number; Methods: string[] }>;
  Limits: Array<{ Method: string; Quantity: string; Min: number | null; Max: number | null }>;
}): Record<string, string> {
  const values: Record<string, string> = {
    Id: o.Id,
    ProjectId: o.ProjectId,
    Grade: o.Grade,
    DueDate: o.DueDate ?? "",
    Note: o.Note,
    Version: String(o.Version),
    lines: String(Math.max(o.Lines.length, 1)),
    limits: String(Math.max(o.Limits.length, LIMIT_ROWS)),
  };
  o.Lines.forEach((l, i) => {
    for (const f of ORDER_LINE_FIELDS) values[`l${i}.${f}`] = String(l[f]);
    values[`l${i}.Methods`] = l.Methods.join(",");
  });
  o.Limits.forEach((l, j) => {
    values[`x${j}.Quantity`] = `${l.Method}/${l.Quantity}`;
    values[`x${j}.Min`] = l.Min === null ? "" : String(l.Min);
    values[`x${j}.Max`] = l.Max === null ? "" : String(l.Max);
  });
  return values;
}

/** The project form's client: one select of "department:<id>" and "enterprise:<id>" options. */
export function projectFromForm(form: FormData): { json: Record<string, string>; values: Record<string, string> } {
  const text = (k: string) => String(form.get(k) ?? "").trim();
  const values: Record<string, string> = {};
  for (const k of ["Id", "Version", "LeaderId", "ResearchProjectId", "Status", "Code", "Name", "Client", "Standards", "DueDate"]) values[k] = text(k);
  const [kind, id] = values.Client.split(":");
  const json: Record<string, string> = { Code: values.Code, Name: values.Name, ClientKind: kind ?? "", ClientId: id ?? "", Standards: values.Standards, DueDate: values.DueDate };
  // Editing: the project and its version, and what the form does not change (leader, research project) kept.
  if (values.Id) Object.assign(json, { Id: values.Id, Version: values.Version, LeaderId: values.LeaderId, ResearchProjectId: values.ResearchProjectId, Status: values.Status });
  return { json, values };
}

/** A project's form values, as projectFromForm reads them back. */
export function projectValues(p: DetectionProjectRow): Record<string, string> {
  return {
    Id: p.Id,
    Version: String(p.Version),
    LeaderId: p.LeaderId,
    ResearchProjectId: p.ResearchProjectId ?? "",
    Status: p.Status,
    Code: p.Code,
    Name: p.Name,
    Client: `${p.ClientKind}:${p.ClientId}`,
    Standards: p.Standards,
    DueDate: p.DueDate ?? "",
  };
}
