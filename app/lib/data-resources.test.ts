import { describe, expect, it } from "vitest";
import { compositionText, rangeText } from "./data-resources.ts";

describe("ranges as the pages print them", () => {
  it("writes composition limits with at least two decimals, as the standards do", () => {
    expect(compositionText(0.5, 0.8)).toBe("0.50–0.80");
    expect(compositionText(null, 0.035)).toBe("≤0.035");
    expect(compositionText(18, 20)).toBe("18.00–20.00");
    expect(compositionText(0.0005, 0.003)).toBe("0.0005–0.003");
    expect(compositionText(0.15, null)).toBe("≥0.15");
  });

  it("writes other figures as they are", () => {
    expect(rangeText(1080, null)).toBe("≥1080");
    expect(rangeText(7.85, 7.85)).toBe("7.85");
  });
});
