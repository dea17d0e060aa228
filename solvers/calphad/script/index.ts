/** The calphad-equilibrium condition script and params: read, checked, rendered, turned into equilibrium conditions. */
export {
  calphadParamsSchema,
  checkCalphadParams,
  CalphadInputError,
  CALPHAD_KEYS,
  DATABASE_CHOICES,
  TEMPERATURE_UNITS,
  COMPOSITION_UNITS,
  kelvin,
  parseComposition,
  splitList,
  type CalphadCase,
  type CalphadInput,
  type CalphadIssue,
  type CalphadParams,
  type DatabaseInfo,
} from "./params.ts";
export { CALPHAD_SCRIPT, parseCalphadScript, readCalphadScript, renderCalphadScript, type ParsedScript } from "./script.ts";
export { databaseInfo, equilibriumConditions, modelComponents, shippedDatabaseInfo } from "./conditions.ts";
export { scriptTexts, valueTexts, type Texts } from "./texts.ts";
