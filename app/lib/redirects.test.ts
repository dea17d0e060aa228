import { describe, expect, it } from "vitest";
import { allowedExternal, safePath, targetQuery, withToken } from "./redirects";

describe("safePath", () => {
  it("keeps same-origin paths with query and hash", () => {
    expect(safePath("/myInfo/index?UpdatePwd=0#pwd")).toBe("/myInfo/index?UpdatePwd=0#pwd");
    expect(safePath("/loginMobile?qr=abc")).toBe("/loginMobile?qr=abc");
  });
  it("refuses anything that could leave the origin", () => {
    for (const bad of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "evil", "", null, undefined, "/\t/evil.example"]) {
      expect(safePath(bad)).toBeNull();
    }
  });
});

describe("allowedExternal", () => {
  const hosts = ["apps.example.com", "tools.example.org:8443"];
  it("accepts allow-listed hosts over http(s)", () => {
    expect(allowedExternal("https://apps.example.com/run?x=1", hosts)?.href).toBe("https://apps.example.com/run?x=1");
    expect(allowedExternal("https://APPS.example.com/", hosts)).not.toBeNull();
    expect(allowedExternal("https://tools.example.org:8443/a", hosts)).not.toBeNull();
  });
  it("refuses other hosts, schemes and credentials in the URL", () => {
    expect(allowedExternal("https://evil.example/", hosts)).toBeNull();
    expect(allowedExternal("https://apps.example.com.evil.example/", hosts)).toBeNull();
    expect(allowedExternal("javascript://apps.example.com/%0aalert(1)", hosts)).toBeNull();
    expect(allowedExternal("https://user:pw@apps.example.com/", hosts)).toBeNull();
    expect(allowedExternal("/local", hosts)).toBeNull();
    expect(allowedExternal("https://apps.example.com/", [])).toBeNull();
  });
});

describe("withToken", () => {
  it("appends or replaces the token", () => {
    expect(withToken(new URL("https://a.example/p?x=1"), "T 1")).toBe("https://a.example/p?x=1&token=T+1");
    expect(withToken(new URL("https://a.example/p?token=old"), "new")).toBe("https://a.example/p?token=new");
  });
});

describe("targetQuery", () => {
  it("carries redirect and src after the extra params", () => {
    expect(targetQuery({ redirect: "/a?b=1" }, { mode: "qr" })).toBe("?mode=qr&redirect=%2Fa%3Fb%3D1");
    expect(targetQuery({})).toBe("");
  });
});
