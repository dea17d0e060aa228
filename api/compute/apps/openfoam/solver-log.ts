/** What a solver's log says, step by step: the lines `Time = t` open a step, `Solving for F, Initial residual = …` fill it. */

export interface FieldResiduals {
  field: string;
  /** Time of every step the field was solved in. */
  times: number[];
  /** The first solve's initial residual in each of those steps (foamLog's F_0: the usual convergence measure). */
  initial: number[];
  /** The last solve's final residual in each step (for p: after the last PISO corrector). */
  final: number[];
}

export interface SolverLog {
  steps: number[];
  fields: FieldResiduals[];
  /** Max Courant number of the last step that printed one. */
  courantMax: number | null;
  /** ExecutionTime of the last step, s. */
  executionTime: number | null;
  /** The solver printed `End`: it reached its end time. */
  completed: boolean;
}

const TIME = /^Time = (\S+)/;
const SOLVING = /Solving for (\w+), Initial residual = ([^,]+), Final residual = ([^,]+),/;
const COURANT = /^Courant Number mean: \S+ max: (\S+)/;
const EXEC = /^ExecutionTime = (\S+) s/;

/**
 * Reads a log, complete or still being written: a step is counted once its `Time =` line is there, and a
 * half-written last line is ignored rather than misread.
 */
export function parseSolverLog(text: string): SolverLog {
  const steps: number[] = [];
  const byField = new Map<string, FieldResiduals>();
  let seenThisStep = new Set<string>();
  let courantMax: number | null = null;
  let executionTime: number | null = null;
  let completed = false;
  const lines = text.split("\n");
  if (!text.endsWith("\n")) lines.pop();
  for (const line of lines) {
    const t = TIME.exec(line);
    if (t) {
      const v = Number(t[1]);
      if (Number.isFinite(v)) {
        steps.push(v);
        seenThisStep = new Set();
      }
      continue;
    }
    if (!steps.length) continue;
    const s = SOLVING.exec(line);
    if (s) {
      const [field, ini, fin] = [s[1], Number(s[2]), Number(s[3])];
      if (!Number.isFinite(ini) || !Number.isFinite(fin)) continue;
      let f = byField.get(field);
      if (!f) byField.set(field, (f = { field, times: [], initial: [], final: [] }));
      if (!seenThisStep.has(field)) {
        seenThisStep.add(field);
        f.times.push(steps[steps.length - 1]);
        f.initial.push(ini);
        f.final.push(fin);
      } else {
        f.final[f.final.length - 1] = fin;
      }
      continue;
    }
    const c = COURANT.exec(line);
    if (c && Number.isFinite(Number(c[1]))) courantMax = Number(c[1]);
    const e = EXEC.exec(line);
    if (e && Number.isFinite(Number(e[1]))) executionTime = Number(e[1]);
    if (line.trim() === "End") completed = true;
  }
  return { steps, fields: [...byField.values()], courantMax, executionTime, completed };
}
