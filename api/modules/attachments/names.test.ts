import { describe, expect, it } from "vitest";
import { contentDisposition, MAX_NAME_LENGTH, newStoredName, sanitiseName, STORED_NAME } from "./names.ts";

describe("attachment names", () => {
  it("sanitiseName keeps the bare name without control or direction characters", () => {
    expect(sanitiseName("../../etc/passwd")).toBe("passwd");
    expect(sanitiseName("C:\\temp\\a.txt")).toBe("a.txt");
    expect(sanitiseName("a\u0000b\u0007c\u001b\u007f\u0085.txt")).toBe("abc.txt");
    expect(sanitiseName("report\u202Efdp.exe")).toBe("reportfdp.exe");
    expect(sanitiseName("  ..hidden.txt ")).toBe("hidden.txt");
    expect(sanitiseName("dir/")).toBe("");
  });

  it("sanitiseName caps long names by characters and keeps the extension", () => {
    const long = sanitiseName(`${"钢".repeat(500)}.docx`);
    expect(Array.from(long)).toHaveLength(MAX_NAME_LENGTH);
    expect(long.endsWith(".docx")).toBe(true);
  });

  it("stored names are random hex with the extension, and nothing else passes the pattern", () => {
    const n = newStoredName("png");
    expect(n).toMatch(STORED_NAME);
    expect(newStoredName("png")).not.toBe(n);
    for (const bad of ["../x.png", `${n}/..`, `/${n}`, n.toUpperCase(), `${n}\n`, `x${n}`, "a.png"]) expect(STORED_NAME.test(bad), bad).toBe(false);
  });

  it("contentDisposition gives an ASCII fallback and the real name per RFC 5987", () => {
    expect(contentDisposition('报告 "v1".pdf', false)).toBe(
      `attachment; filename="__ _v1_.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%20%22v1%22.pdf`,
    );
    expect(contentDisposition("it's (1).png", true)).toBe(`inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`);
  });
});
