/**
 * The seam between the thermodynamic models (TDB → phases, Gibbs energies) and the equilibrium and mapping
 * code: a phase is a function of temperature, pressure and its site fractions. Everything else (the TDB
 * syntax, magnetic and order–disorder terms) stays behind this interface.
 */

/** One sublattice of a phase: its site ratio and the species that may sit on it ("VA" is a vacancy). */
export interface Sublattice {
  ratio: number;
  constituents: string[];
}

/**
 * A phase ready for equilibrium calculations with a chosen set of components: only the constituents made of
 * those components (and vacancies) are kept. Site fractions y are one flat array, sublattice after
 * sublattice, in the order of `sublattices[k].constituents`; each sublattice's fractions sum to 1.
 */
export interface PhaseModel {
  name: string;
  sublattices: Sublattice[];
  /** The components (elements, "VA" excluded) in the order of `elementMoles`' rows. */
  components: string[];
  /**
   * elementMoles[c][i]: moles of component c per formula unit contributed by y[i] = 1 (site ratio × the
   * species' stoichiometry). Moles of c per formula unit = Σ_i elementMoles[c][i] · y[i].
   */
  elementMoles: number[][];
  /** Molar Gibbs energy per formula unit (J/mol of formula units) at T (K), P (Pa) and site fractions y. */
  gibbs(T: number, P: number, y: ArrayLike<number>): number;
  /** The same energy, with ∂G/∂y_i written into `grad` (length = y.length). */
  gibbsGradient(T: number, P: number, y: ArrayLike<number>, grad: Float64Array): number;
}

/** R as the assessments (and pycalphad) use it, J/(mol·K). */
export const R = 8.3145;
