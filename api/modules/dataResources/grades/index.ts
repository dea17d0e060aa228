/**
 * The steel-grade database shipped with the platform: every family's grades in one list, and the documents
 * they cite. Loaded into the database on start (see ../seed-grades.ts) when it differs from what is loaded.
 */

import { ALLOY_STRUCTURAL } from "./alloy-structural.ts";
import { BEARING } from "./bearing.ts";
import { CARBON } from "./carbon.ts";
import { HEAT_RESISTANT } from "./heat-resistant.ts";
import { SPRING } from "./spring.ts";
import { STAINLESS } from "./stainless.ts";
import { TOOL } from "./tool.ts";
import type { GradeSeed } from "./types.ts";

export const GRADES: GradeSeed[] = [...CARBON, ...ALLOY_STRUCTURAL, ...SPRING, ...BEARING, ...TOOL, ...STAINLESS, ...HEAT_RESISTANT];

export { SOURCES } from "./sources.ts";
