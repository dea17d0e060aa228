import { describe, expect, it } from "vitest";
import { attachmentViewHref, documentFileHref, documentHref, documentSource, isViewable, pageImageHref, taskFileViewHref, viewNumber, viewRange } from "./documents.ts";

const STORED = "0123456789abcdef0123456789abcdef.pdf";
const TASK = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const q = (s: string) => new URLSearchParams(s);

describe("document addresses", () => {
  it("reads the source leniently: junk names no document", () => {
    expect(documentSource(q(`src=attachment&id=${STORED}`))).toEqual({ src: "attachment", id: STORED });
    expect(documentSource(q(`src=task&task=${TASK.toUpperCase()}&path=out/r.pdf`))).toEqual({ src: "task", task: TASK, path: "out/r.pdf" });
    for (const bad of ["", "src=attachment&id=../etc/passwd", "src=attachment", "src=task&task=x&path=a", `src=task&task=${TASK}`, `src=other&id=${STORED}`, `src=task&task=${TASK}&path=${"a".repeat(1001)}`]) {
      expect(documentSource(q(bad)), bad).toBeNull();
    }
  });

  it("builds the viewer's, the images' and the file's addresses, the first view without ?page", () => {
    const s = { src: "attachment", id: STORED } as const;
    expect(attachmentViewHref(STORED)).toBe(`/DocumentView?src=attachment&id=${STORED}`);
    expect(documentHref(s, 1)).toBe(`/DocumentView?src=attachment&id=${STORED}`);
    expect(documentHref(s, 3)).toBe(`/DocumentView?src=attachment&id=${STORED}&page=3`);
    expect(taskFileViewHref(TASK, "out/a b.pdf")).toBe(`/DocumentView?src=task&task=${TASK}&path=out%2Fa+b.pdf`);
    expect(pageImageHref(s, 7, "abc")).toBe(`/DocumentView/page?src=attachment&id=${STORED}&n=7&v=abc`);
    expect(documentFileHref(s)).toBe(`/DocumentView/file?src=attachment&id=${STORED}`);
    expect(documentFileHref(s, true)).toBe(`/DocumentView/file?src=attachment&id=${STORED}&inline=1`);
  });

  it("pages views of ten, a view past the end showing the last", () => {
    expect(viewNumber(q("page=2"))).toBe(2);
    for (const bad of ["", "page=0", "page=-1", "page=x", "page=1.5"]) expect(viewNumber(q(bad)), bad).toBe(1);
    expect(viewRange(23, 1)).toEqual({ view: 1, views: 3, first: 1, last: 10 });
    expect(viewRange(23, 3)).toEqual({ view: 3, views: 3, first: 21, last: 23 });
    expect(viewRange(23, 99)).toEqual({ view: 3, views: 3, first: 21, last: 23 });
    expect(viewRange(500, 50)).toEqual({ view: 50, views: 50, first: 491, last: 500 });
    expect(viewRange(1, 1)).toEqual({ view: 1, views: 1, first: 1, last: 1 });
  });

  it("offers 'view' for the kinds the viewer shows", () => {
    for (const n of ["a.pdf", "b.DOCX", "c.xls", "d.pptx", "e.png", "f.txt", "g.csv", "stdout.log"]) expect(isViewable(n), n).toBe(true);
    for (const n of ["a.zip", "b.svg", "noext", ".pdf", "c.exe"]) expect(isViewable(n), n).toBe(false);
  });
});
