/**
 * A binary T–x phase diagram: scan T from the top down, find every two-phase equilibrium at each step
 * (scan.ts), join tie-lines of consecutive steps into boundaries, and where boundaries end or begin between
 * two steps, refine the invariant reaction or the pure component's transition there to 1e-4 K.
 */
import type { PhaseModel } from "../model.ts";
import { DEFAULT_PRESSURE } from "../equilibrium/conditions.ts";
import { refinePureTransition, refineThreePhase } from "./invariants.ts";
import { congruentPoint } from "./congruent.ts";
import { criticalPoint } from "./critical.ts";
import { samplePhases, sitesOf, type MergedGrid } from "./sampling.ts";
import { phaseNameAt, scanTemperature, type Scan } from "./scan.ts";
import { stateName, type TieLine } from "./tieline.ts";
import type { BinaryDiagram, BinaryDiagramOptions, Boundary, Invariant, RegionLabel } from "./types.ts";

interface Track {
  names: [string, string];
  ties: TieLine[];
  first: number;
  last: number;
}

/** Largest change of a boundary's two compositions between steps that still counts as the same boundary. */
const LINK_DX = 0.08;
/** Narrower parts of a single-phase stretch than this (mole fraction) are not named on their own. */
const SLIVER = 0.03;

function link(scans: Scan[]): Track[] {
  const tracks: Track[] = [];
  scans.forEach((scan, k) => {
    const open = tracks.filter((t) => t.last === k - 1);
    const taken = new Set<Track>();
    for (const tie of scan.ties) {
      let best: Track | undefined;
      let bestD = LINK_DX;
      for (const t of open) {
        if (taken.has(t) || t.names[0] !== tie.names[0] || t.names[1] !== tie.names[1]) continue;
        const prev = t.ties[t.ties.length - 1];
        const d = Math.max(Math.abs(prev.left.x - tie.left.x), Math.abs(prev.right.x - tie.right.x));
        if (d < bestD) {
          bestD = d;
          best = t;
        }
      }
      if (best) {
        taken.add(best);
        best.ties.push(tie);
        best.last = k;
      } else tracks.push({ names: [tie.names[0], tie.names[1]], ties: [tie], first: k, last: k });
    }
  });
  return tracks;
}

/** The boundaries whose top or bottom end an invariant already explains: each end belongs to one invariant. */
interface EndsUsed {
  top: Set<Track>;
  bottom: Set<Track>;
}

const lastTie = (t: Track) => t.ties[t.ties.length - 1];
const firstTie = (t: Track) => t.ties[0];

/**
 * Three-phase invariants from the boundaries that end and begin near one temperature: two fields sharing
 * their middle phase on one side, one field spanning both on the other. The ends may be a scan or two apart
 * (a tie-line a hair inside metastability passes the stability check), so they are matched within a window.
 */
function threePhaseEvents(tracks: Track[], scans: Scan[], P: number, window: number, used: EndsUsed): { invariant: Invariant; tracks: Track[] }[] {
  const out: { invariant: Invariant; tracks: Track[] }[] = [];
  const { top: usedTop, bottom: usedBottom } = used;
  const ended = tracks.filter((t) => t.last < scans.length - 1);
  const started = tracks.filter((t) => t.first > 0);
  const Tend = (t: Track) => scans[t.last].T;
  const Tstart = (t: Track) => scans[t.first].T;
  const tryPairs = (middleStableAbove: boolean) => {
    const [pairSide, single] = middleStableAbove ? [ended, started] : [started, ended];
    const [pairUsed, singleUsed] = middleStableAbove ? [usedBottom, usedTop] : [usedTop, usedBottom];
    const pairT = middleStableAbove ? Tend : Tstart;
    const singleT = middleStableAbove ? Tstart : Tend;
    for (const b1 of pairSide) {
      for (const b2 of pairSide) {
        if (b1 === b2 || pairUsed.has(b1) || pairUsed.has(b2) || b1.names[1] !== b2.names[0]) continue;
        if (Math.abs(pairT(b1) - pairT(b2)) > window) continue;
        const t1 = middleStableAbove ? lastTie(b1) : firstTie(b1);
        const t2 = middleStableAbove ? lastTie(b2) : firstTie(b2);
        // Taken at scans up to a step apart, a narrow middle field may look crossed by a hair.
        if (t1.right.x > t2.left.x + 0.01) continue;
        const b = single.find((s) => {
          if (singleUsed.has(s) || s.names[0] !== b1.names[0] || s.names[1] !== b2.names[1]) return false;
          if (Math.abs(singleT(s) - pairT(b1)) > window || Math.abs(singleT(s) - pairT(b2)) > window) return false;
          const t = middleStableAbove ? firstTie(s) : lastTie(s);
          return Math.abs(t.left.x - t1.left.x) < 0.2 && Math.abs(t.right.x - t2.right.x) < 0.2;
        });
        if (!b) continue;
        const span = middleStableAbove ? firstTie(b) : lastTie(b);
        const Ts = [pairT(b1), pairT(b2), singleT(b)];
        const inv = refineThreePhase(
          {
            left: span.left,
            right: span.right,
            middle: t1.right,
            names: [b1.names[0], b1.names[1], b2.names[1]],
            mu: span.mu,
            middleStableAbove,
            Thi: Math.max(...Ts),
            Tlo: Math.min(...Ts),
          },
          P,
        );
        if (!inv) continue;
        pairUsed.add(b1).add(b2);
        singleUsed.add(b);
        out.push({ invariant: inv, tracks: [b1, b2, b] });
      }
    }
  };
  tryPairs(true);
  tryPairs(false);
  return out;
}

/** Congruent maxima (two fields of one pair begin together) and minima (they end together). */
function congruentEvents(tracks: Track[], scans: Scan[], P: number, window: number, used: EndsUsed): { invariant: Invariant; tracks: [Track, Track] }[] {
  const out: { invariant: Invariant; tracks: [Track, Track] }[] = [];
  for (const maximum of [true, false]) {
    const taken = maximum ? used.top : used.bottom;
    const side = (maximum ? tracks.filter((t) => t.first > 0) : tracks.filter((t) => t.last < scans.length - 1)).filter((t) => !taken.has(t));
    const Tof = (t: Track) => scans[maximum ? t.first : t.last].T;
    const tieOf = (t: Track) => (maximum ? firstTie(t) : lastTie(t));
    for (const b1 of side) {
      const [p, q] = b1.names;
      if (p === q) continue;
      const t1 = tieOf(b1);
      const b2 = side.find((b) => b.names[0] === q && b.names[1] === p && Math.abs(Tof(b) - Tof(b1)) <= window && tieOf(b).left.x >= t1.right.x - 1e-9 && tieOf(b).left.x - t1.right.x < 0.05);
      if (!b2) continue;
      const t2 = tieOf(b2);
      taken.add(b1).add(b2);
      const Thi = Math.max(Tof(b1), Tof(b2)) + (maximum ? window : 0);
      const Tlo = Math.min(Tof(b1), Tof(b2)) - (maximum ? 0 : window);
      const c = congruentPoint(t1.left, t1.right, Thi, Tlo, P, 0.5 * (t1.right.x + t2.left.x));
      const T = c ? c.T : 0.5 * (Thi + Tlo);
      const x = c ? c.x : 0.5 * (t1.right.x + t2.left.x);
      const [above, below] = maximum ? [p, q] : [q, p];
      const label = (n: string) => (/^LIQ/i.test(n) ? "L" : n);
      out.push({
        invariant: { T, reaction: `${label(above)} = ${label(below)}`, kind: "congruent", phases: { [above]: x, [below]: x } },
        tracks: [b1, b2],
      });
    }
  }
  return out;
}

/** Stable phase at a pure end of one scan: the lowest of the points at that end. */
function pureEnd(grid: MergedGrid, ends: number[]): number {
  let best = ends[0];
  for (const i of ends) if (grid.g[i] < grid.g[best]) best = i;
  return best;
}

export function binaryDiagram(models: PhaseModel[], options: BinaryDiagramOptions): BinaryDiagram {
  const started = performance.now();
  const { components, Tmin, Tmax } = options;
  const P = options.P ?? DEFAULT_PRESSURE;
  if (!(Tmin > 0 && Tmax > Tmin)) throw new Error(`binaryDiagram: need 0 < Tmin < Tmax (got ${Tmin}, ${Tmax})`);
  const step = options.step ?? Math.max(0.5, (Tmax - Tmin) / 300);
  const grid = samplePhases(models, components);
  const endA: number[] = [];
  const endB: number[] = [];
  for (let i = 0; i < grid.count; i++) {
    if (grid.x[i] < 1e-9) endA.push(i);
    if (grid.x[i] > 1 - 1e-9) endB.push(i);
  }
  const temps: number[] = [];
  const n = Math.max(1, Math.ceil((Tmax - Tmin) / step - 1e-9));
  for (let k = 0; k <= n; k++) temps.push(Tmax - ((Tmax - Tmin) * k) / n);

  let tieLines = 0;
  const scanAt = (T: number) => {
    const scan = scanTemperature(grid, T, P);
    tieLines += scan.ties.length;
    const a = endA.length ? pureEnd(grid, endA) : -1;
    const b = endB.length ? pureEnd(grid, endB) : -1;
    const nameOf = (i: number) => (i < 0 ? "" : stateName(grid.phases[grid.owner[i]].ctx, sitesOf(grid, i)));
    const signature = [nameOf(a), ...scan.ties.map((t) => t.names.join("+")), nameOf(b)].join("|");
    return { scan, a, b, signature };
  };
  type Scanned = ReturnType<typeof scanAt>;
  // Where the set of two-phase fields changes between two steps, halve the step there (down to 1/16): two
  // events within one step would otherwise hide each other from the invariant search.
  const refineBetween = (hi: Scanned, lo: Scanned, depth: number): Scanned[] => {
    if (hi.signature === lo.signature || depth >= 4) return [];
    const mid = scanAt(0.5 * (hi.scan.T + lo.scan.T));
    return [...refineBetween(hi, mid, depth + 1), mid, ...refineBetween(mid, lo, depth + 1)];
  };
  const records: Scanned[] = [];
  temps.forEach((T, k) => {
    const r = scanAt(T);
    if (records.length) records.push(...refineBetween(records[records.length - 1], r, 0));
    records.push(r);
    options.onProgress?.((k + 1) / temps.length, r.scan.ties.length);
  });
  const scans = records.map((r) => r.scan);
  const ends = records.map((r) => ({ a: r.a, b: r.b }));
  // The pure ends' energies were overwritten scan by scan; pure transitions are refined from the points' site fractions.
  const invariants: Invariant[] = [];
  const pureEvents: { inv: Invariant; x: 0 | 1 }[] = [];
  for (let k = 1; k < scans.length; k++) {
    for (const [side, x] of [["a", 0], ["b", 1]] as const) {
      const i = ends[k - 1][side];
      const j = ends[k][side];
      if (i < 0 || j < 0) continue;
      const pi = grid.phases[grid.owner[i]];
      const pj = grid.phases[grid.owner[j]];
      const ni = stateName(pi.ctx, sitesOf(grid, i));
      const nj = stateName(pj.ctx, sitesOf(grid, j));
      if (ni === nj) continue;
      const inv = refinePureTransition(
        { ctx: pi.ctx, y: sitesOf(grid, i), atoms: pi.atoms[grid.point[i]], name: ni },
        { ctx: pj.ctx, y: sitesOf(grid, j), atoms: pj.atoms[grid.point[j]], name: nj },
        scans[k - 1].T,
        scans[k].T,
        P,
        x,
      );
      pureEvents.push({ inv, x });
      invariants.push(inv);
    }
  }

  const tracks = link(scans);
  const used: EndsUsed = { top: new Set(), bottom: new Set() };
  const boundaries = new Map<Track, Boundary>();
  for (const t of tracks) {
    boundaries.set(t, { phases: t.names, points: t.ties.map((tie) => ({ T: tie.T, x1: tie.left.x, x2: tie.right.x })) });
  }
  for (const { invariant, tracks: [b1, b2, b] } of threePhaseEvents(tracks, scans, P, 1.01 * step, used)) {
    invariants.push(invariant);
    // Close the boundaries at the invariant so the drawn lines meet on it.
    const [kp, kq, kr] = Object.keys(invariant.phases);
    const xp = invariant.phases[kp];
    const xq = invariant.phases[kq];
    const xr = invariant.phases[kr];
    const close = (tr: Track, x1: number, x2: number) => {
      const pts = boundaries.get(tr)!.points;
      const at = { T: invariant.T, x1, x2 };
      if (pts[0].T < invariant.T) pts.unshift(at);
      else pts.push(at);
    };
    close(b1, xp, xq);
    close(b2, xq, xr);
    close(b, xp, xr);
  }
  for (const { invariant, tracks: [b1, b2] } of congruentEvents(tracks, scans, P, 1.01 * step, used)) {
    invariants.push(invariant);
    const x = Object.values(invariant.phases)[0];
    for (const tr of [b1, b2]) {
      const pts = boundaries.get(tr)!.points;
      if (pts[0].T < invariant.T) pts.unshift({ T: invariant.T, x1: x, x2: x });
      else pts.push({ T: invariant.T, x1: x, x2: x });
    }
  }
  // Boundaries that leave a pure end start there, at its transition temperature.
  for (const { inv, x } of pureEvents) {
    const names = Object.keys(inv.phases);
    for (const [tr, bd] of boundaries) {
      const end = x === 0 ? "x1" : "x2";
      const first = bd.points[0];
      const lastPt = bd.points[bd.points.length - 1];
      const samePair = names.includes(tr.names[0]) && names.includes(tr.names[1]);
      if (!samePair) continue;
      if (Math.abs(first.T - inv.T) < 2 * step + 1e-9 && Math.abs(first[end] - x) < 0.05 && first.T < inv.T) bd.points.unshift({ T: inv.T, x1: x, x2: x });
      else if (Math.abs(lastPt.T - inv.T) < 2 * step + 1e-9 && Math.abs(lastPt[end] - x) < 0.05 && lastPt.T > inv.T) bd.points.push({ T: inv.T, x1: x, x2: x });
    }
  }
  // A miscibility gap closes at its critical point: the top of a boundary between two sets of one phase.
  for (const t of tracks) {
    if (t.names[0] !== t.names[1] || t.first === 0) continue;
    const top = firstTie(t);
    const c = criticalPoint(top.left.ctx, top.T, step, P, top.left.x, top.right.x);
    if (c) boundaries.get(t)!.points.unshift({ T: c.T, x1: c.x, x2: c.x });
  }
  invariants.sort((p, q) => q.T - p.T);

  const list = [...boundaries.values()].filter((b) => b.points.length >= 2 || tracks.length < 50);
  return {
    components,
    Tmin,
    Tmax,
    P,
    boundaries: list,
    invariants,
    singlePhaseRegions: singlePhaseLabels(grid, scans),
    twoPhaseRegions: list
      .filter((b) => b.points.length >= 2)
      .map((b) => {
        const m = b.points[Math.floor(b.points.length / 2)];
        return { phase: `${b.phases[0]} + ${b.phases[1]}`, T: m.T, x: 0.5 * (m.x1 + m.x2) };
      }),
    stats: { steps: scans.length, tieLines, seconds: (performance.now() - started) / 1000 },
  };
}

/**
 * A single-phase stretch split where its state changes name along x: an ordered phase's field passes into
 * its disordered part (B2 into A2) without a two-phase field between, and each part gets its own label.
 */
function namedParts(grid: MergedGrid, scan: Scan, lo: number, hi: number): { lo: number; hi: number; phase: string }[] {
  const parts: { lo: number; hi: number; phase: string }[] = [];
  for (const h of scan.hull) {
    const x = grid.x[h];
    if (x < lo || x > hi) continue;
    const phase = stateName(grid.phases[grid.owner[h]].ctx, sitesOf(grid, h));
    const last = parts[parts.length - 1];
    if (last && last.phase === phase) last.hi = x;
    else parts.push({ lo: last ? x : lo, hi: x, phase });
  }
  if (!parts.length) return [{ lo, hi, phase: phaseNameAt(grid, scan, 0.5 * (lo + hi)) }];
  parts[parts.length - 1].hi = hi;
  for (let i = 1; i < parts.length; i++) parts[i - 1].hi = parts[i].lo;
  // Near a second-order transition the hull alternates between ordered and disordered samples: slivers
  // narrower than a few lattice spacings go to the wider neighbour instead of making labels of their own.
  const merged: typeof parts = [];
  for (const p of parts) {
    const last = merged[merged.length - 1];
    if (last && (p.hi - p.lo < SLIVER || last.phase === p.phase)) last.hi = p.hi;
    else if (last && last.hi - last.lo < SLIVER) merged[merged.length - 1] = { ...p, lo: last.lo };
    else merged.push({ ...p });
  }
  return merged;
}

/**
 * One label per connected single-phase region: at the stretch that is wide and away from the region's top
 * and bottom, so the name sits inside the field rather than on a boundary.
 */
function singlePhaseLabels(grid: MergedGrid, scans: Scan[]): RegionLabel[] {
  interface Stretch {
    T: number;
    lo: number;
    hi: number;
  }
  interface Region {
    phase: string;
    last: number;
    /** The stretches at the latest scan, which the next scan's stretches must overlap to continue the region. */
    current: Stretch[];
    all: Stretch[];
  }
  const regions: Region[] = [];
  scans.forEach((scan, k) => {
    const stretches: { lo: number; hi: number }[] = [];
    let from = 0;
    for (const t of scan.ties) {
      stretches.push({ lo: from, hi: t.left.x });
      from = t.right.x;
    }
    stretches.push({ lo: from, hi: 1 });
    const previous = regions.filter((r) => r.last === k - 1).map((r) => ({ r, spans: r.current }));
    for (const r of regions) if (r.last === k - 1) r.current = [];
    for (const s of stretches.flatMap((st) => namedParts(grid, scan, st.lo, st.hi))) {
      if (!(s.hi - s.lo > 1e-4)) continue;
      const phase = s.phase;
      const st = { T: scan.T, lo: s.lo, hi: s.hi };
      const prev = previous.find((p) => p.r.phase === phase && p.spans.some((q) => q.lo < s.hi && s.lo < q.hi))?.r;
      if (prev) {
        prev.last = k;
        prev.current.push(st);
        prev.all.push(st);
      } else regions.push({ phase, last: k, current: [st], all: [st] });
    }
  });
  // The label goes where the field is roomy: its point must stay inside the region for a band of
  // temperature around it (a label drawn there cannot touch a boundary above or below), as far as possible
  // from the region's edges across that band. Where no point has a full band, the widest stretch is used.
  const Tspan = scans.length > 1 ? scans[0].T - scans[scans.length - 1].T : 1;
  const band = 0.03 * Tspan;
  const top = scans[0].T;
  const bottom = scans[scans.length - 1].T;
  return regions.map((r) => {
    let best = r.all[0];
    let bestScore = -Infinity;
    for (const s of r.all) {
      const c = 0.5 * (s.lo + s.hi);
      const near = r.all.filter((q) => Math.abs(q.T - s.T) <= band);
      const reachesUp = s.T + band > top || near.some((q) => q.T >= s.T + band * 0.9);
      const reachesDown = s.T - band < bottom || near.some((q) => q.T <= s.T - band * 0.9);
      let clearance = Infinity;
      for (const T of new Set(near.map((q) => q.T))) {
        const here = near.filter((q) => q.T === T && q.lo <= c && c <= q.hi);
        clearance = Math.min(clearance, here.length ? Math.min(c - here[0].lo, here[0].hi - c) : -1);
      }
      const score = reachesUp && reachesDown && clearance > 0 ? clearance : (s.hi - s.lo) * 1e-3;
      if (score > bestScore) {
        bestScore = score;
        best = s;
      }
    }
    return { phase: r.phase, T: best.T, x: 0.5 * (best.lo + best.hi) };
  });
}
