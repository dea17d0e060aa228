import { describe, expect, it } from "vitest";
import { isPlainLeftClick } from "./clicks.ts";

const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe("isPlainLeftClick", () => {
  it("is a left click without modifiers, nothing else", () => {
    expect(isPlainLeftClick(click)).toBe(true);
    expect(isPlainLeftClick({ ...click, button: 1 })).toBe(false);
    for (const key of ["metaKey", "ctrlKey", "shiftKey", "altKey"] as const) expect(isPlainLeftClick({ ...click, [key]: true }), key).toBe(false);
  });
});
