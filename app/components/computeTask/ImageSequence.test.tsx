import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ImageSequence, imageGroups, type PageImage } from "./ImageSequence";

const img = (key: string, seq?: string, at = ""): PageImage => ({ key, label: key, path: `${key}.png`, sequence: seq ? { key: seq, label: `film ${seq}`, at } : null });

describe("grouping a result's pictures into films", () => {
  it("gathers frames of one film where its first frame is, keeping other pictures and the frames' order", () => {
    const groups = imageGroups([img("mesh"), img("a0", "a", "t=0"), img("contour"), img("a1", "a", "t=1"), img("b0", "b"), img("a2", "a", "t=2")]);
    expect(groups.map((g) => (g.kind === "single" ? g.image.key : `${g.key}:${g.images.map((i) => i.key).join(",")}`))).toEqual(["mesh", "a:a0,a1,a2", "contour", "b:b0"]);
    expect(groups[1]).toMatchObject({ kind: "sequence", label: "film a" });
  });

  it("leaves a result without films as it was", () => {
    expect(imageGroups([img("x"), img("y")]).map((g) => g.kind)).toEqual(["single", "single"]);
  });
});

describe("the film on the server (no JavaScript)", () => {
  it("renders a strip of every frame with its caption, not the player", () => {
    const frames = [0, 1, 2].map((i) => ({ key: `f${i}`, src: `/file?path=snapshot-${i}.png`, label: `Snapshot ${i + 1}`, at: `t = ${i * 10} s · ${i * 100}` }));
    const html = renderToString(<ImageSequence filmKey="evolution" title="Microstructure evolution" frames={frames} />);
    expect(html).toContain('data-mode="strip"');
    expect(html.match(/<img /g)).toHaveLength(3);
    for (const f of frames) {
      expect(html).toContain(f.src.replace(/&/g, "&amp;"));
      expect(html).toContain(`<figcaption>${f.at}</figcaption>`);
    }
    expect(html).not.toContain('type="range"');
    expect(html).not.toContain("<button");
  });
});
