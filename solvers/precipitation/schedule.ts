/**
 * A heat treatment as a piecewise linear temperature–time path: lines "time_h temperature_K" (a quench and
 * age, a tempering cycle). The first point must be at t = 0 and times must increase; the run ends at the
 * last point. A single isothermal hold is the two-point path (0, T), (t_end, T).
 */
export interface SchedulePoint {
  timeS: number;
  temperatureK: number;
}

export class Schedule {
  constructor(readonly points: SchedulePoint[]) {
    if (points.length < 2) throw new Error("a schedule needs at least two points");
  }

  static isothermal(temperatureK: number, timeS: number): Schedule {
    return new Schedule([
      { timeS: 0, temperatureK },
      { timeS, temperatureK },
    ]);
  }

  get endS(): number {
    return this.points[this.points.length - 1].timeS;
  }

  /** Whether the temperature never changes (the isothermal incubation time then applies). */
  get isothermal(): boolean {
    return this.points.every((p) => p.temperatureK === this.points[0].temperatureK);
  }

  temperature(t: number): number {
    const p = this.points;
    if (t <= p[0].timeS) return p[0].temperatureK;
    for (let i = 1; i < p.length; i++) {
      if (t <= p[i].timeS) {
        const w = (t - p[i - 1].timeS) / (p[i].timeS - p[i - 1].timeS);
        return p[i - 1].temperatureK + w * (p[i].temperatureK - p[i - 1].temperatureK);
      }
    }
    return p[p.length - 1].temperatureK;
  }

  /** |dT/dt| (K/s) on the segment that starts at or before t. */
  rate(t: number): number {
    const p = this.points;
    for (let i = 1; i < p.length; i++) {
      if (t < p[i].timeS) return Math.abs((p[i].temperatureK - p[i - 1].temperatureK) / (p[i].timeS - p[i - 1].timeS));
    }
    return 0;
  }

  /** The next corner of the path strictly after t (so a step can land on it), or the end. */
  nextCorner(t: number): number {
    for (const q of this.points) if (q.timeS > t * (1 + 1e-12)) return q.timeS;
    return this.endS;
  }

  get minK(): number {
    return Math.min(...this.points.map((p) => p.temperatureK));
  }

  get maxK(): number {
    return Math.max(...this.points.map((p) => p.temperatureK));
  }
}

export interface ScheduleLineError {
  line: number;
  reason: "syntax" | "order" | "range" | "start" | "short";
}

/**
 * Reads "time_h temperature_K" lines (blank lines and # comments skipped; commas or tabs also separate).
 * Returns the schedule in seconds or the problems with their line numbers (1-based within the text).
 */
export function parseSchedule(text: string, limits: { minK: number; maxK: number; maxH: number }): { schedule?: Schedule; errors: ScheduleLineError[] } {
  const errors: ScheduleLineError[] = [];
  const points: SchedulePoint[] = [];
  let lastLine = 0;
  text.split(/\r?\n|;/).forEach((raw, index) => {
    const content = raw.replace(/#.*$/, "").trim();
    if (!content) return;
    const line = index + 1;
    lastLine = line;
    const parts = content.split(/[\s,]+/);
    const h = Number(parts[0]);
    const T = Number(parts[1]);
    if (parts.length !== 2 || !Number.isFinite(h) || !Number.isFinite(T)) return void errors.push({ line, reason: "syntax" });
    if (h < 0 || h > limits.maxH || T < limits.minK || T > limits.maxK) return void errors.push({ line, reason: "range" });
    if (points.length === 0 && h !== 0) errors.push({ line, reason: "start" });
    if (points.length > 0 && !(h * 3600 > points[points.length - 1].timeS)) return void errors.push({ line, reason: "order" });
    points.push({ timeS: h * 3600, temperatureK: T });
  });
  if (!errors.length && points.length < 2) errors.push({ line: Math.max(lastLine, 1), reason: "short" });
  return errors.length ? { errors } : { schedule: new Schedule(points), errors };
}
