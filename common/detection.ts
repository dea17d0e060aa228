/**
 * The test-detection laboratory's codes and rules shared by the API and the pages (docs/detection.md): the
 * task order's states and the transitions between them, and the sample-ID pattern. Kept apart from any zod
 * schema, so a page can use them without bringing zod into the browser.
 */

/**
 * A task order's life: a client drafts and submits it; the lab receives the samples, tests them, a second
 * person verifies the results, and the report closes it. Cancel stops an order before its results exist;
 * retest sends a tested order back to the bench (the old results are kept, with the reason).
 */
export const ORDER_STATES = ["draft", "submitted", "received", "in_test", "to_verify", "verified", "reported", "cancelled"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_ACTIONS = ["submit", "receive", "start", "complete", "verify", "report", "cancel", "retest"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Each action, the states it may start from and the state it leads to. Nothing else moves an order. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderAction, { from: readonly OrderState[]; to: OrderState }>> = {
  submit: { from: ["draft"], to: "submitted" },
  receive: { from: ["submitted"], to: "received" },
  start: { from: ["received"], to: "in_test" },
  complete: { from: ["in_test"], to: "to_verify" },
  verify: { from: ["to_verify"], to: "verified" },
  report: { from: ["verified"], to: "reported" },
  cancel: { from: ["draft", "submitted", "received", "in_test"], to: "cancelled" },
  retest: { from: ["to_verify", "verified", "reported"], to: "in_test" },
};

/** The state an action leads to from `state`, or null when the action is not allowed there. */
export function nextState(state: OrderState, action: OrderAction): OrderState | null {
  const t = ORDER_TRANSITIONS[action];
  return t.from.includes(state) ? t.to : null;
}

/** The actions allowed from a state, in the order the page offers them. */
export const actionsFrom = (state: OrderState): OrderAction[] => ORDER_ACTIONS.filter((a) => nextState(state, a) !== null);

/** Actions that need a reason in words (kept with the event). */
export const REASON_ACTIONS: readonly OrderAction[] = ["cancel", "retest"];

/**
 * Sample IDs come from a pattern of literal characters and tokens: {YYYY} {YY} {MM} {DD} for the date of
 * registration and {SEQ:n} for a counter of n digits (1–9) that starts again whenever the date part of the
 * ID changes (a pattern with {YYYY}{MM} counts per month). Exactly one {SEQ:n}; literals are letters, digits
 * and - _ . / so an ID reads aloud and fits a barcode.
 */
export const DEFAULT_SAMPLE_PATTERN = "S{YYYY}{MM}-{SEQ:4}";

export type PatternPart = { kind: "text"; text: string } | { kind: "date"; token: "YYYY" | "YY" | "MM" | "DD" } | { kind: "seq"; digits: number };

/** The pattern's parts, or the key of what is wrong with it (`samplePatternBad`, `samplePatternSeq`). */
export function parseSamplePattern(pattern: string): { parts: PatternPart[] } | { error: "samplePatternBad" | "samplePatternSeq" } {
  const parts: PatternPart[] = [];
  const re = /\{(YYYY|YY|MM|DD|SEQ:(\d))\}|([A-Za-z0-9\-_./]+)/gy;
  let seqs = 0;
  let at = 0;
  for (let m = re.exec(pattern); m; m = re.exec(pattern)) {
    at = re.lastIndex;
    if (m[3] !== undefined) parts.push({ kind: "text", text: m[3] });
    else if (m[2] !== undefined) {
      const digits = Number(m[2]);
      if (digits < 1) return { error: "samplePatternBad" };
      parts.push({ kind: "seq", digits });
      seqs++;
    } else parts.push({ kind: "date", token: m[1] as "YYYY" | "YY" | "MM" | "DD" });
  }
  if (at !== pattern.length || pattern.length === 0 || pattern.length > 40) return { error: "samplePatternBad" };
  if (seqs !== 1) return { error: "samplePatternSeq" };
  return { parts };
}

/** The parts of a pattern the code itself fixes (an order code's); a bad one is a programming error. */
export function patternParts(pattern: string): PatternPart[] {
  const r = parseSamplePattern(pattern);
  if ("error" in r) throw new Error(`bad ID pattern ${pattern}: ${r.error}`);
  return r.parts;
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

/** The date part of an ID for `day` (YYYY-MM-DD): the counter's period, e.g. "2026|11" for {YYYY}…{MM}. */
export function samplePeriod(parts: readonly PatternPart[], day: string): string {
  const [y, m, d] = day.split("-");
  return parts
    .filter((p): p is Extract<PatternPart, { kind: "date" }> => p.kind === "date")
    .map((p) => (p.token === "YYYY" ? y : p.token === "YY" ? y.slice(2) : p.token === "MM" ? m : d))
    .join("|");
}

/** The ID for `day` and counter value `seq`; null when the counter no longer fits its digits. */
export function formatSampleId(parts: readonly PatternPart[], day: string, seq: number): string | null {
  const [y, m, d] = day.split("-");
  let out = "";
  for (const p of parts) {
    if (p.kind === "text") out += p.text;
    else if (p.kind === "date") out += p.token === "YYYY" ? y : p.token === "YY" ? y.slice(2) : p.token === "MM" ? m : d;
    else {
      if (seq >= 10 ** p.digits) return null;
      out += pad(seq, p.digits);
    }
  }
  return out;
}

/*
 * The TrialDetection/* calls' answers, as the API writes them and the pages read them (docs/detection.md).
 */

/** One registered sample: its ID, where it comes from (order, line, piece), its material and where it is kept. */
export interface Sample {
  Id: string;
  Code: string;
  OrderId: string;
  OrderCode: string;
  OrderState: OrderState;
  ProjectCode: string;
  ProjectName: string;
  ClientName: string;
  LineNo: number;
  PieceNo: number;
  Description: string;
  Grade: string;
  HeatNo: string;
  Form: string;
  Condition: string;
  Storage: string;
  Methods: string[];
  RegisteredBy: string;
  RegisteredAt: string;
}

/** A sample as TrialDetection/GetSample answers: with its results, current and replaced, and its photos. */
export interface SampleDetail extends Sample {
  Results: Result[];
  Photos: SamplePhoto[];
}

/** A photo of a sample (AddSamplePhoto); `Url` is the web's address of the image. */
export interface SamplePhoto {
  Id: string;
  SampleId: string;
  SampleCode: string;
  OrderCode: string;
  Url: string;
  Name: string;
  Caption: string;
  AddedBy: string;
  AddedAt: string;
}

export interface OrderLine {
  LineNo: number;
  Description: string;
  Grade: string;
  HeatNo: string;
  Form: string;
  Condition: string;
  Quantity: number;
  Methods: string[];
}

export interface OrderLimit {
  Method: string;
  Quantity: string;
  Min: number | null;
  Max: number | null;
}

export interface OrderEvent {
  Action: string;
  From: string | null;
  To: string;
  Reason: string;
  By: string;
  At: string;
}

/** A detection project as TrialDetection/GetDetectionProjectBase lists it: a client's testing request. */
export interface DetectionProjectRow {
  Id: string;
  Code: string;
  Name: string;
  ClientKind: "department" | "enterprise";
  ClientId: string;
  ClientName: string;
  ResearchProjectId: string | null;
  ResearchProjectName: string | null;
  Standards: string;
  DueDate: string | null;
  Status: "active" | "closed";
  LeaderId: string;
  LeaderName: string;
  Orders: number;
  Version: number;
  CreatedAt: string;
}

/** One task order as TrialDetection/GetDetectionTaskOrderBase lists it; GetTaskOrder adds its lines and events. */
export interface TaskOrderRow {
  Id: string;
  Code: string;
  ProjectId: string;
  ProjectCode: string;
  ProjectName: string;
  ClientName: string;
  State: OrderState;
  Grade: string;
  DueDate: string | null;
  Overdue: boolean;
  Samples: number;
  Note: string;
  CreatedBy: string;
  CreatedAt: string;
  StateChangedAt: string;
  Version: number;
}

export interface TaskOrder extends TaskOrderRow {
  Lines: OrderLine[];
  Events: OrderEvent[];
  /** The samples registered so far (RegisterSamples), by line and piece; `Samples` counts the pieces announced. */
  Registered: Sample[];
  /** The client's limits for this order (they take precedence over the grade's). */
  Limits: OrderLimit[];
}

export type Verdict = "in" | "out" | "none";

export interface Result {
  Id: string;
  SampleId: string;
  SampleCode: string;
  Method: string;
  Quantity: string;
  Unit: string;
  Value: number | null;
  Text: string;
  Min: number | null;
  Max: number | null;
  LimitSource: "" | "grade" | "order";
  Verdict: Verdict;
  Equipment: string;
  /** The registered instrument (docs/equipment.md), when one was chosen. */
  EquipmentId: string | null;
  Source: "form" | "csv";
  EnteredBy: string;
  EnteredAt: string;
  VerifiedBy: string | null;
  VerifiedAt: string | null;
  /** Replaced by a retest: when, and the retest's reason. Current values have null. */
  SupersededAt: string | null;
  RetestReason: string;
}

export interface ReportRow {
  Id: string;
  Code: string;
  Version: number;
  Reason: string;
  IssuedBy: string;
  IssuedAt: string;
  Sha256: string;
  /** The latest version of the order's report. */
  Current: boolean;
}

/** A report version as TrialDetection/GetReportList lists it: with its order, project and client. */
export interface ReportListRow extends ReportRow {
  OrderId: string;
  OrderCode: string;
  ProjectCode: string;
  ProjectName: string;
  ClientName: string;
}

export interface ReportVerification {
  Code: string;
  Version: number;
  OrderCode: string;
  ClientName: string;
  IssuedAt: string;
  IssuedBy: string;
  Sha256: string;
  /** False when a later version replaced this one: LatestCode names it. */
  Current: boolean;
  LatestCode: string;
}

/** A test method of the catalogue (TrialDetection/GetMethods), in the reader's language. */
export interface MethodInfo {
  Code: string;
  Group: string;
  Name: string;
  Standards: string[];
  Quantities: { Key: string; Name: string; Unit: string; Text: boolean; Range: [number, number] | null }[];
  Equipment: string;
}
