import { describe, expect, it } from "vitest";
import { CONSTANT_DEFAULTS, constantsIn } from "./constants.ts";
import { intlPhone, telHref } from "./phone.ts";

describe("constants", () => {
  it("dial a phone number from anywhere", () => {
    expect(telHref("010-6208 2026")).toBe("tel:+861062082026");
    expect(intlPhone("138 0013 8000")).toBe("+8613800138000");
    expect(intlPhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(intlPhone("12345")).toBe("12345");
  });
  it("picks one language, falling back to zh for an unknown one", () => {
    expect(constantsIn(CONSTANT_DEFAULTS, "en").GenderArr["9"]).toBe("Female");
    expect(constantsIn(CONSTANT_DEFAULTS, "fr").GenderArr["9"]).toBe("女");
  });
});
