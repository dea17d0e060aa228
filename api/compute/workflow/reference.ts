import type { TaskResult } from "../apps/types.ts";

/**
 * References from one workflow step to another's output (docs/workflows.md):
 *
 *   steps.<id>.result.<path>   a value of the step's result: `scalars.<key>`, `series.<key>` ({x, y}), or any of
 *                              the app's structured `values` (an equilibrium's `phases[0].composition.ZN`)
 *   steps.<id>.params.<path>   a value the step ran with
 *
 * A path is `.name` and `[n]` steps, `[key=value]` to pick the array element whose key is value
 * (`phases[name=FCC_A1]`), and a last `@x` reads a curve {x: number[], y: number[]} at x by linear interpolation
 * (`profile@0.6`: the carbon content 0.6 mm deep).
 */
export interface Reference {
  step: string;
  source: "result" | "params";
  path: PathPart[];
  /** `@x`: interpolate the curve the path names at this abscissa. */
  at?: number;
}

export type PathPart = { key: string } | { index: number } | { match: { key: string; value: string } };

/** Why a reference does not read or does not resolve; `detail` names the part (English, for logs and the step's stderr). */
export class ReferenceError extends Error {
  constructor(
    readonly code: "syntax" | "missing" | "notNumber" | "outOfRange",
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = "ReferenceError";
  }
}

export const STEP_ID = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
// A key may hold the characters result keys use ("MU:AL", "fraction:FCC_A1#1", "x-velocity").
const NAME = "[A-Za-z0-9_:#-]+";
const PART = new RegExp(`^(?:\\.(${NAME})|\\[(\\d+)\\]|\\[(${NAME})=([^\\]]+)\\])`);

export function parseReference(text: string): Reference {
  const head = /^steps\.([A-Za-z][A-Za-z0-9_]{0,31})\.(result|params)/.exec(text.trim());
  if (!head) throw new ReferenceError("syntax", "a reference starts with steps.<id>.result or steps.<id>.params");
  let rest = text.trim().slice(head[0].length);
  const ref: Reference = { step: head[1], source: head[2] as Reference["source"], path: [] };
  const at = /@(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/i.exec(rest);
  if (at) {
    ref.at = Number(at[1]);
    rest = rest.slice(0, -at[0].length);
  }
  while (rest) {
    const m = PART.exec(rest);
    if (!m) throw new ReferenceError("syntax", `cannot read "${rest}"`);
    if (m[1] !== undefined) ref.path.push({ key: m[1] });
    else if (m[2] !== undefined) ref.path.push({ index: Number(m[2]) });
    else ref.path.push({ match: { key: m[3], value: m[4] } });
    rest = rest.slice(m[0].length);
  }
  return ref;
}

/** What `steps.<id>.result` reads: the app's values, with the scalars by key and the curves by key beside them. */
export function resultView(result: TaskResult): Record<string, unknown> {
  return {
    ...(result.values ?? {}),
    scalars: Object.fromEntries(result.scalars.map((s) => [s.key, s.value])),
    series: Object.fromEntries(result.series.map((s) => [s.key, { x: s.x.values, y: s.y.values }])),
  };
}

const describe = (path: PathPart[]) =>
  path.map((p) => ("key" in p ? `.${p.key}` : "index" in p ? `[${p.index}]` : `[${p.match.key}=${p.match.value}]`)).join("");

/** Follows the path in `root`; throws ReferenceError naming the first part that is not there. */
export function follow(root: unknown, ref: Reference): unknown {
  let v: unknown = root;
  ref.path.forEach((part, i) => {
    const where = () => describe(ref.path.slice(0, i + 1));
    if ("key" in part) {
      if (v === null || typeof v !== "object" || Array.isArray(v) || !Object.hasOwn(v, part.key)) throw new ReferenceError("missing", where());
      v = (v as Record<string, unknown>)[part.key];
    } else if ("index" in part) {
      if (!Array.isArray(v) || part.index >= v.length) throw new ReferenceError("missing", where());
      v = v[part.index];
    } else {
      const hit = Array.isArray(v) ? v.find((e) => e && typeof e === "object" && String((e as Record<string, unknown>)[part.match.key]) === part.match.value) : undefined;
      if (hit === undefined) throw new ReferenceError("missing", where());
      v = hit;
    }
  });
  if (ref.at === undefined) return v;
  return interpolate(v, ref.at, describe(ref.path));
}

/** y at x on a curve {x, y} (x ascending or descending); outside its range is an error, not an extrapolation. */
export function interpolate(curve: unknown, x: number, where: string): number {
  const c = curve as { x?: unknown; y?: unknown };
  const xs = c && Array.isArray(c.x) ? (c.x as unknown[]) : null;
  const ys = c && Array.isArray(c.y) ? (c.y as unknown[]) : null;
  if (!xs || !ys || xs.length !== ys.length || xs.length < 2 || ![...xs, ...ys].every((n) => typeof n === "number")) {
    throw new ReferenceError("notNumber", `${where} is not a curve {x, y}`);
  }
  const X = xs as number[];
  const Y = ys as number[];
  const asc = X[X.length - 1] >= X[0];
  const lo = asc ? X[0] : X[X.length - 1];
  const hi = asc ? X[X.length - 1] : X[0];
  if (x < lo || x > hi) throw new ReferenceError("outOfRange", `${where}@${x} is outside ${lo}…${hi}`);
  for (let i = 1; i < X.length; i++) {
    const a = X[i - 1];
    const b = X[i];
    if ((x >= Math.min(a, b) && x <= Math.max(a, b))) {
      return b === a ? Y[i] : Y[i - 1] + ((Y[i] - Y[i - 1]) * (x - a)) / (b - a);
    }
  }
  return Y[Y.length - 1];
}

/** Sets `obj[a][b]…` for a dotted param key ("composition.ZR"), making the objects on the way. */
export function setParam(params: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split(".");
  let o = params;
  for (const p of parts.slice(0, -1)) {
    if (o[p] === null || typeof o[p] !== "object" || Array.isArray(o[p])) o[p] = {};
    o = o[p] as Record<string, unknown>;
  }
  o[parts[parts.length - 1]] = value;
}

/**
 * An input's text: one reference (its value passes as it is: a number stays a number), or a template with
 * references in braces, which gives a string ("ZR={steps.eq.result.phases[name=FCC_A1].composition.ZR}").
 */
export function referencesIn(text: string): Reference[] {
  const t = text.trim();
  if (!t.includes("{")) return [parseReference(t)];
  const refs: Reference[] = [];
  for (const m of t.matchAll(/\{([^{}]*)\}/g)) refs.push(parseReference(m[1]));
  if (!refs.length) throw new ReferenceError("syntax", "a template names its references in braces: {steps.<id>.result.<path>}");
  return refs;
}

/** The input's value, reading each reference through `read` (the step's result view or params). */
export function resolveInput(text: string, read: (ref: Reference) => unknown): unknown {
  const t = text.trim();
  if (!t.includes("{")) return read(parseReference(t));
  return t.replace(/\{([^{}]*)\}/g, (_, inner: string) => {
    const v = read(parseReference(inner));
    if (typeof v !== "number" && typeof v !== "string") throw new ReferenceError("notNumber", `${inner} is not a number or a text`);
    return String(v);
  });
}
