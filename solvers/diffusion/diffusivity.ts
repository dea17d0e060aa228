/** Carbon diffusivity in austenite, m²/s, as a function of carbon content (wt%) at a fixed temperature. */
export type Diffusivity = (carbonWt: number) => number;

/** J/(mol·K). */
export const R_J = 8.314462618;
/** cal/(mol·K): Tibbetts states his activation energy in calories. */
export const R_CAL = 1.98720425864;

export const kelvin = (celsius: number) => celsius + 273.15;

/** D = d0·exp(−Q/RT), the same at every carbon content. */
export function arrhenius(d0: number, qJPerMol: number, temperatureC: number): Diffusivity {
  const d = d0 * Math.exp(-qJPerMol / (R_J * kelvin(temperatureC)));
  return () => d;
}

/**
 * Tibbetts' carbon-dependent diffusivity in austenite:
 *   D = 0.47·exp(−1.6·C − (37000 − 6600·C)/(R·T)) cm²/s = 4.7e-5·exp(…) m²/s,
 * C in wt%, R = 1.987 cal/(mol·K), T in K. Source: G. G. Tibbetts, "Diffusivity of carbon in iron and steels at
 * high temperatures", J. Appl. Phys. 51 (1980) 4813–4816, fitted to carburizing of iron and plain and low-alloy
 * steels at about 850–1100 °C and up to about 1.5 wt% C; the same form is quoted in the carburizing literature
 * (e.g. Parrish, "Carburizing: Microstructures and Properties", 1999) and in commercial heat-treatment codes.
 * D rises with C here (about ×2.5 from 0.2 to 1.0 wt% at 925 °C), which is why the solver iterates per step.
 */
export function tibbetts(temperatureC: number): Diffusivity {
  const rt = R_CAL * kelvin(temperatureC);
  return (c) => 4.7e-5 * Math.exp(-1.6 * c - (37000 - 6600 * c) / rt);
}
