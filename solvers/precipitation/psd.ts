/**
 * The particle size distribution on Eulerian bins (kawin's PopulationBalanceModel): equal-width size classes
 * between `min` and `max`, n[i] = particles per m³ in class i, growth rates given at the class bounds, and an
 * upwind flux through each bound (a bound moving particles up takes them from the class below it, one moving
 * them down from the class above). The class count adapts: classes are added when the top one fills, and the
 * distribution is re-binned onto fewer, wider classes when there are too many (keeping its third moment, i.e.
 * the precipitated volume) or onto finer ones when it has shrunk into the bottom of the range.
 */
export class SizeDistribution {
  bounds: Float64Array;
  centers: Float64Array;
  n: Float64Array;

  constructor(
    public min: number,
    public max: number,
    bins: number,
    readonly minBins: number,
    readonly maxBins: number,
    readonly addBins: number,
  ) {
    this.bounds = new Float64Array(0);
    this.centers = new Float64Array(0);
    this.n = new Float64Array(0);
    this.layout(min, max, bins);
  }

  get bins(): number {
    return this.n.length;
  }

  get width(): number {
    return this.bounds[1] - this.bounds[0];
  }

  private layout(min: number, max: number, bins: number): void {
    this.min = min;
    this.max = max;
    this.bounds = new Float64Array(bins + 1);
    for (let i = 0; i <= bins; i++) this.bounds[i] = min + ((max - min) * i) / bins;
    this.centers = new Float64Array(bins);
    for (let i = 0; i < bins; i++) this.centers[i] = 0.5 * (this.bounds[i] + this.bounds[i + 1]);
    this.n = new Float64Array(bins);
  }

  /** Σ n·R^k over the classes (at class centres), optionally weighted per class. */
  moment(k: number, n: ArrayLike<number> = this.n, weights?: ArrayLike<number>): number {
    let s = 0;
    for (let i = 0; i < n.length; i++) s += (weights ? weights[i] : 1) * n[i] * this.centers[i] ** k;
    return s;
  }

  /**
   * Net upwind flux through every bound (length bins+1), particles per m³ per s, for growth rates at the
   * bounds; flux[0] < 0 carries particles out below the range (dissolved), flux[bins] > 0 out above it.
   */
  fluxes(growth: Float64Array, n: ArrayLike<number>): Float64Array {
    const bins = this.bins;
    const dR = this.width;
    const flux = new Float64Array(bins + 1);
    for (let j = 0; j <= bins; j++) {
      const g = growth[j];
      if (g < 0 && j < bins) flux[j] = (g * n[j]) / dR;
      else if (g > 0 && j > 0) flux[j] = (g * n[j - 1]) / dR;
    }
    return flux;
  }

  /** Limits fluxes so that over dt no class loses more particles than it has (kawin's correctdXdtEuler). */
  static limitFluxes(flux: Float64Array, n: ArrayLike<number>, dt: number): void {
    const bins = n.length;
    for (let i = 0; i < bins; i++) {
      if (flux[i] * dt < -n[i]) flux[i] = -n[i] / dt;
      if (flux[i + 1] * dt > n[i]) flux[i + 1] = n[i] / dt;
    }
  }

  /** The class a radius falls in, or −1 below the range and `bins` above it. */
  classOf(R: number): number {
    if (R < this.min) return -1;
    if (R >= this.max) return this.bins;
    return Math.min(Math.floor((R - this.min) / this.width), this.bins - 1);
  }

  /** Extends the range upward by whole classes of the same width until R fits. Returns whether it changed. */
  extendTo(R: number): boolean {
    if (R < this.max) return false;
    const extra = Math.max(this.addBins, Math.ceil((R - this.max) / this.width) + 1);
    this.addClasses(extra);
    return true;
  }

  addClasses(extra: number): void {
    const old = this.n;
    const w = this.width;
    this.layout(this.min, this.max + extra * w, old.length + extra);
    this.n.set(old);
  }

  /**
   * New classes over [min, max]: the number density (per unit R) is interpolated linearly at the new centres
   * and scaled so that Σ n R³ (the precipitated volume, hence the solute balance) is unchanged.
   */
  rebin(min: number, max: number, bins: number): void {
    const oldCenters = this.centers;
    const oldW = this.width;
    const oldDensity = this.n.map((v) => v / oldW);
    const oldV = this.moment(3);
    this.layout(min, max, bins);
    const w = this.width;
    for (let i = 0; i < bins; i++) this.n[i] = interpolate(oldCenters, oldDensity, this.centers[i]) * w;
    const newV = this.moment(3);
    if (newV > 0) for (let i = 0; i < bins; i++) this.n[i] *= oldV / newV;
    else this.n.fill(0);
  }

  /**
   * After a step: add classes when the top one holds a particle or more; re-bin when there are more than
   * maxBins classes; when everything is dissolving and the particles all sit in the lower half of minBins
   * classes, re-bin onto the occupied range so the shrinking distribution keeps its resolution. Returns
   * whether the bounds changed (growth rates and interfacial compositions then need recomputing).
   */
  adapt(allDissolving: boolean): boolean {
    let changed = false;
    if (this.n[this.bins - 1] > 1) {
      this.addClasses(this.addBins);
      changed = true;
    }
    if (this.bins > this.maxBins) {
      this.rebin(this.min, this.max, this.minBins);
      return true;
    }
    if (allDissolving && this.max > 10 * this.min) {
      let top = -1;
      for (let i = 0; i < this.bins; i++) if (this.n[i] > 1) top = i;
      const half = Math.floor(this.minBins / 2);
      if (top >= 0 && top < half && this.centers[top] < this.centers[half]) {
        this.rebin(this.min, Math.max(this.bounds[top + 1], 10 * this.min), this.maxBins);
        changed = true;
      }
    }
    return changed;
  }
}

/** Linear interpolation of y(x) at v, zero outside x's range (kawin's np.interp with left = right = 0). */
function interpolate(x: Float64Array, y: Float64Array, v: number): number {
  const n = x.length;
  if (n === 0 || v < x[0] || v > x[n - 1]) return 0;
  if (n === 1) return y[0];
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid] <= v) lo = mid;
    else hi = mid;
  }
  const w = (v - x[lo]) / (x[hi] - x[lo]);
  return y[lo] + w * (y[hi] - y[lo]);
}
