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
