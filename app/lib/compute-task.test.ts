import { describe, expect, it } from "vitest";
import { formatNumber, formatPrecise } from "./compute-task";

describe("numbers on the task page", () => {
  it("result tables keep ten significant digits; plots' ticks stay short", () => {
    expect(formatPrecise(-15.84452726)).toBe("-15.84452726");
    expect(formatPrecise(2.855324861234)).toBe("2.855324861");
    expect(formatPrecise(93.5)).toBe("93.5");
    expect(formatPrecise(1.2e-9)).toBe("1.2e-9");
    expect(formatPrecise(0)).toBe("0");
    expect(formatNumber(-15.84452726)).toBe("-15.845");
  });
});
