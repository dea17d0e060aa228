import { describe, expect, it } from "vitest";
import { attachmentUrl, fileKind, formatSize, isAttachmentPath } from "./attachments.ts";

describe("attachment helpers", () => {
  it("fileKind picks the icon by extension first, then by type", () => {
    expect(fileKind("报告.PDF")).toBe("pdf");
    expect(fileKind("a.docx")).toBe("word");
    expect(fileKind("a.xls")).toBe("excel");
    expect(fileKind("a.pptx")).toBe("powerpoint");
    expect(fileKind("a.webp")).toBe("image");
    expect(fileKind("a.zip")).toBe("archive");
    expect(fileKind("a.csv")).toBe("text");
    expect(fileKind("noext", "image/png")).toBe("image");
    expect(fileKind("noext", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("excel");
    expect(fileKind("a.bin", "application/octet-stream")).toBe("other");
  });

  it("formatSize reads like a person would say it", () => {
    expect(formatSize(300)).toBe("300 B");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatSize(2 * 1024 ** 3)).toBe("2 GB");
    expect([formatSize(812), formatSize(12_700), formatSize(3_250_000), formatSize(null)]).toEqual(["812 B", "12.4 KB", "3.1 MB", "—"]);
  });

  it("only stored names pass as attachment paths", () => {
    const ok = "0123456789abcdef0123456789abcdef.png";
    expect(isAttachmentPath(ok)).toBe(true);
    expect(attachmentUrl(ok)).toBe(`/attachment/${ok}`);
    for (const bad of ["../x.png", `/${ok}`, `${ok}/..`, ok.toUpperCase(), 42, null]) expect(isAttachmentPath(bad)).toBe(false);
  });
});
