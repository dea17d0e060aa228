/**
 * Calculations opened from a composition (a grade's nominal one, a sample's measured one): links to the
 * graphical compute form with the inputs filled in. The form only pre-fills; the API checks everything on
 * submit. common/grade-compute.ts turns a composition into the inputs.
 */
const COMPUTE_FORM = "/steelResearchCompute/cloudCompute";
const formHref = (app: string, fields: Record<string, string>) => `${COMPUTE_FORM}?${new URLSearchParams({ app, ...fields })}`;

export const calphadHref = (app: "calphad-equilibrium" | "calphad-step", c: { database: string; components: string; composition: string }) =>
  formHref(app, { database: c.database, components: c.components, phases: "*", compositionUnit: "W", composition: c.composition });

/** Carburizing of the steel: its carbon is the core carbon. */
export const carburizingHref = (carbonWt: number) => formHref("carburizing", { c0: String(carbonWt) });

/** Precipitation of one solute out of the iron matrix, at the steel's content of it (mole fraction). */
export const precipitationHref = (solute: string, x0: number) => formHref("kwn-precipitation", { thermo: "simple", solvent: "FE", solute: solute.toUpperCase(), x0: String(x0) });

/**
 * A heat treatment step's own calculations (docs/materials.md): its temperature and time, and the steel's
 * composition. Carburizing at the step's temperature, time and carbon potential (when the step gives one).
 */
export const carburizingStepHref = (carbonWt: number, temperatureC: number, timeH: number, potentialWt: number | null) =>
  formHref("carburizing", { c0: String(carbonWt), temperatureC: String(temperatureC), timeH: String(timeH), ...(potentialWt !== null ? { cs: String(potentialWt) } : {}) });

/** Precipitation of a solute during the step: held at its temperature (K) for its time. */
export const precipitationStepHref = (solute: string, x0: number, temperatureC: number, timeH: number) =>
  formHref("kwn-precipitation", { thermo: "simple", solvent: "FE", solute: solute.toUpperCase(), x0: String(x0), temperatureK: String(Number((temperatureC + 273.15).toFixed(2))), timeH: String(timeH) });

/** The phase-field model's default time step (s) and its most steps (solvers/phasefield/params.ts). */
const PHASE_FIELD_DT = 0.1;
const PHASE_FIELD_MAX_STEPS = 200_000;

/**
 * Grain growth (the Allen–Cahn model) for the step's time: its steps at the model's default time step, or a
 * longer step when that would pass the model's limit. The model has no temperature: its mobility is the
 * default, which the page says to set for the step's temperature.
 */
export function grainGrowthHref(timeS: number): string {
  const steps = Math.max(1, Math.round(timeS / PHASE_FIELD_DT));
  const fields: Record<string, string> = steps <= PHASE_FIELD_MAX_STEPS ? { steps: String(steps) } : { steps: String(PHASE_FIELD_MAX_STEPS), dt: String(Number((timeS / PHASE_FIELD_MAX_STEPS).toPrecision(4))) };
  return formHref("phase-field", { model: "allen-cahn", ...fields });
}
