/**
 * Physical constants as kawin (the reference implementation this solver is checked against) defines them:
 * R = 8.314 J/(mol·K), N_A = 6.022e23 /mol and k_B = R / N_A. Using the same rounded values keeps the
 * comparison about the model, not about the fourth digit of a constant.
 */
export const GAS_CONSTANT = 8.314;
export const AVOGADRO = 6.022e23;
export const BOLTZMANN = GAS_CONSTANT / AVOGADRO;
