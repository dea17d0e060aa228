import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { stripNul, wholePage } from "./strip-nul.server.ts";

describe("stripNul", () => {
  it("drops NUL bytes and leaves everything else as it was", () => {
    expect(stripNul(Buffer.from([0x61, 0, 0, 0x62]))).toEqual(Buffer.from("ab"));
    const clean = Buffer.from("第一段第二行");
    expect(stripNul(clean)).toBe(clean);
  });

  it("gives React's output whole and repaired where a Chinese character straddles its 2048-byte buffer", async () => {
    // Shifting the text by a byte at a time puts a 3-byte character across the buffer's end at some shift.
    let damaged = 0;
    for (let pad = 0; pad < 6; pad++) {
      // Many short chunks fill the buffer bit by bit (one long string would be encoded on its own).
      const items = Array.from({ length: 200 }, (_, i) => createElement("p", { key: i }, "第一段第一行", createElement("br"), "第一段第二行"));
      const tree = createElement("div", null, "x".repeat(pad), items);
      const render = (strip: boolean) =>
        new Promise<string>((resolve, reject) => {
          const { pipe } = renderToPipeableStream(tree, {
            onAllReady() {
              if (strip) {
                const { sink, html } = wholePage();
                html.then((b) => resolve(b.toString("utf8")), reject);
                pipe(sink);
              } else {
                const sink = new PassThrough();
                text(sink).then(resolve, reject);
                pipe(sink);
              }
            },
            onError: reject,
          });
        });
      if ((await render(false)).includes("\0")) damaged++;
      const out = await render(true);
      expect(out).not.toContain("\0");
      expect(out.match(/<p>第一段第一行<br\/>第一段第二行<\/p>/g)?.length).toBe(200);
    }
    // The unrepaired stream really is damaged, or this test would prove nothing.
    expect(damaged).toBeGreaterThan(0);
  });

  it("gives the error, not a page, when the render is destroyed before its end", async () => {
    const { sink, html } = wholePage();
    sink.write(Buffer.from("<html>"));
    sink.destroy(new Error("render aborted"));
    await expect(html).rejects.toThrow("render aborted");
  });
});
