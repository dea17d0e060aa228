import { describe, expect, it } from "vitest";
import { badgeText } from "./Header";

describe("unread badge (section 9)", () => {
  it("is hidden at 0 or when the count is unknown", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(null)).toBeNull();
  });
  it("shows the count up to 99, then 99+", () => {
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(12345)).toBe("99+");
  });
});
