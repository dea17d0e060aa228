/**
 * Small builders the grade files use to keep one grade per readable object. They only shape objects: every
 * number and every citation stays written out in the grade files themselves.
 */

import type { ElementRange, GradeProperty, PropertyFigure } from "./types.ts";

/**
 * `const gb699 = composition("gbt699-2015", "表 1")` gives `gb699("C", 0.42, 0.50)`, an element range cited to
 * that source. `null` means the standard sets no limit on that side ("P ≤ 0.035" is `gb699("P", null, 0.035)`).
 */
export function composition(source: string, where?: string) {
  return (element: string, min: number | null, max: number | null): ElementRange => ({
    element,
    ...(min === null ? {} : { min }),
    ...(max === null ? {} : { max }),
    source,
    ...(where ? { where } : {}),
  });
}

/**
 * `const f = figures("gbt1220-2007")` gives builders for a standard's guaranteed minimum (`f.min`), maximum
 * (`f.max`) or range (`f.range`), and for a handbook's typical value (`f.value`, with its temperature when that
 * is not room temperature).
 */
export function figures(source: string, where?: string) {
  const cited = { source, ...(where ? { where } : {}) };
  return {
    min: (property: GradeProperty, min: number, condition: string): PropertyFigure => ({ property, min, condition, ...cited }),
    max: (property: GradeProperty, max: number, condition: string): PropertyFigure => ({ property, max, condition, ...cited }),
    range: (property: GradeProperty, min: number, max: number, condition: string): PropertyFigure => ({
      property,
      min,
      max,
      condition,
      ...cited,
    }),
    value: (property: GradeProperty, value: number, condition: string, temperatureC?: number): PropertyFigure => ({
      property,
      value,
      condition,
      ...(temperatureC === undefined ? {} : { temperatureC }),
      ...cited,
    }),
  };
}
