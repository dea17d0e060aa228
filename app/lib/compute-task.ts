import { csvCell } from "./csv.ts";
/** Shared by the task page, its resource routes and their tests: no server-only code here. */

export const TASK_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTaskId = (v: string | null | undefined): v is string => typeof v === "string" && UUID.test(v);

/** Queued and running tasks are still under way: the page polls (JS) or refreshes itself (no JS). */
export const isUnfinished = (s: string) => s === "queued" || s === "running";

/** Seconds between polls with JavaScript, and the refresh of the page without it. */
export const POLL_MS = 2000;
export const NOJS_REFRESH_S = 3;

export const taskHref = (id: string) => `/steelResearchCompute/computeTaskSource?id=${encodeURIComponent(id)}`;
export const cloneHref = (appId: string, id: string) =>
  `/steelResearchCompute/cloudCompute?app=${encodeURIComponent(appId)}&from=${encodeURIComponent(id)}`;
export const seriesCsvHref = (id: string, series: string) =>
  `/steelResearchCompute/taskSeries?id=${encodeURIComponent(id)}&series=${encodeURIComponent(series)}`;
/** Opens the form a plot links to at one of its points (the openAt route fills the form's fields). */
export const openAtHref = (id: string, image: string, x: number, y: number) =>
  `/steelResearchCompute/openAt?${new URLSearchParams({ id, image, x: String(Number(x.toPrecision(6))), y: String(Number(y.toPrecision(6))) })}`;

export const taskFileHref = (id: string, path: string) =>
  `/steelResearchCompute/taskFile?id=${encodeURIComponent(id)}&path=${encodeURIComponent(path)}`;
export const taskLogHref = (id: string, offset: number) => `/steelResearchCompute/taskLog?id=${encodeURIComponent(id)}&offset=${offset}`;

const withUnit = (label: string, unit: string) => (unit ? `${label} (${unit})` : label);

/** One series as CSV: a header naming both axes with their units, then one x,y row per point (CRLF, RFC 4180). */
export function seriesCsv(s: { x: { label: string; unit: string; values: number[] }; y: { label: string; unit: string; values: number[] } }): string {
  const lines = [[withUnit(s.x.label, s.x.unit), withUnit(s.y.label, s.y.unit)].map(csvCell).join(",")];
  const n = Math.min(s.x.values.length, s.y.values.length);
  for (let i = 0; i < n; i++) lines.push(`${s.x.values[i]},${s.y.values[i]}`);
  return lines.join("\r\n") + "\r\n";
}

/** A safe file name for a download (letters, digits, dot, dash, underscore). */
export const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) || "series";

/** A number as a table shows it: plain when ordinary, scientific when tiny or huge. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v) && Math.abs(v) < 1e9) return String(v);
  const a = Math.abs(v);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return v.toExponential(3);
  return String(Number(v.toPrecision(5)));
}

/**
 * A result value as a researcher reads it from a table: up to ten significant digits (a total energy of
 * −15.84452726 Ry matters to its last digit), trailing zeros dropped, exponents for the very small and large.
 */
export function formatPrecise(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a !== 0 && (a < 1e-4 || a >= 1e10)) return v.toExponential(6).replace(/\.?0+e/, "e");
  return String(Number(v.toPrecision(10)));
}

