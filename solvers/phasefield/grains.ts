/**
 * Grains of an Allen–Cahn state: cells whose largest order parameter exceeds a threshold, joined to their four
 * neighbours (periodic) when the same order parameter dominates. A grain cut by the periodic edges counts once.
 */
export function countGrains(eta: Float64Array[], n: number, threshold = 0.5): { grains: number; grainCells: number } {
  const size = n * n;
  const label = new Int32Array(size).fill(-2); // -2 unvisited, -1 boundary
  const owner = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    let best = -1;
    let max = threshold;
    for (let g = 0; g < eta.length; g++) {
      if (eta[g][i] > max) {
        max = eta[g][i];
        best = g;
      }
    }
    owner[i] = best;
    if (best < 0) label[i] = -1;
  }
  const stack = new Int32Array(size);
  let grains = 0;
  let grainCells = 0;
  for (let start = 0; start < size; start++) {
    if (label[start] !== -2) continue;
    let top = 0;
    stack[top++] = start;
    label[start] = grains;
    while (top > 0) {
      const i = stack[--top];
      grainCells++;
      const x = i % n;
      const y = (i - x) / n;
      const nb = [y * n + ((x + 1) % n), y * n + ((x + n - 1) % n), ((y + 1) % n) * n + x, ((y + n - 1) % n) * n + x];
      for (const j of nb) {
        if (label[j] === -2 && owner[j] === owner[i]) {
          label[j] = grains;
          stack[top++] = j;
        }
      }
    }
    grains++;
  }
  return { grains, grainCells };
}

/**
 * Mean grain size as the equivalent-circle diameter of the mean grain area, d = 2·√(A/(π·count)), A the whole
 * domain (boundaries shared out among the grains). NaN when no grain is left.
 */
export function meanGrainDiameter(grains: number, n: number, dx: number): number {
  return grains > 0 ? 2 * Math.sqrt((n * n * dx * dx) / (Math.PI * grains)) : Number.NaN;
}
