import { describe, expect, it } from "vitest";
import { instanceFor } from "./i18n.server.ts";

// The server's instances remember texts without values (rememberPlainTexts); these hold that a remembered text
// is the one i18next gives, and that anything with values is still resolved per call.
describe("the server's translations", () => {
  it("gives the same plain texts however often they are asked, per language and namespace", () => {
    const en = instanceFor("en").getFixedT(null, "common");
    const zh = instanceFor("zh").getFixedT(null, "common");
    for (let i = 0; i < 3; i++) {
      expect(en("tags.home")).toBe("Home");
      expect(zh("tags.home")).not.toBe("Home");
      expect(en("no.such.key", { defaultValue: "Fallback A" })).toBe("Fallback A");
      expect(en("no.such.key", { defaultValue: "Fallback B" })).toBe("Fallback B");
    }
    expect(instanceFor("en").getFixedT(null, "login")("modes.password")).not.toBe(en("modes.password"));
    // A prefix (react-i18next's keyPrefix) and a list of namespaces are told apart from the plain t.
    expect(instanceFor("en").getFixedT(null, "common", "tags")("home")).toBe("Home");
    expect(instanceFor("en").getFixedT(null, ["login", "common"])("tags.home")).toBe("Home");
    expect(instanceFor("en").getFixedT(null, "common", "tags")("home")).toBe("Home");
  });

  it("interpolates values and plurals on every call", () => {
    const t = instanceFor("en").getFixedT(null, "common");
    expect(t("layout.welcome", { name: "Li" })).toBe("Welcome, Li");
    expect(t("layout.welcome", { name: "Wang" })).toBe("Welcome, Wang");
    expect(t("layout.unreadCount", { count: 1 })).toBe("1 unread message");
    expect(t("layout.unreadCount", { count: 3 })).toBe("3 unread messages");
  });
});
