import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/phasefield.json";
import zh from "../../locales/zh/phasefield.json";
import { FilmPlayer, ImageSequence, imageGroups, type PageImage } from "./ImageSequence";

const img = (key: string, seq?: string, at = ""): PageImage => ({ key, label: key, path: `${key}.png`, sequence: seq ? { key: seq, label: `film ${seq}`, at } : null });
const frames = [0, 1, 2].map((i) => ({ key: `f${i}`, src: `/file?path=snapshot-${i}.png`, label: `Snapshot ${i + 1}`, at: `t = ${i * 10} s · ${i * 100}` }));

async function i18n(lng: "en" | "zh") {
  const inst = i18next.createInstance();
  await inst.use(initReactI18next).init({ lng, resources: { en: { phasefield: en }, zh: { phasefield: zh } }, ns: ["phasefield"], interpolation: { escapeValue: false } });
  return inst;
}

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

describe("the film as the server renders it (no JavaScript)", () => {
  it("is a strip of every frame with its caption, not the player", async () => {
    const html = renderToString(
      <I18nextProvider i18n={await i18n("en")}>
        <ImageSequence filmKey="evolution" title="Microstructure evolution" frames={frames} />
      </I18nextProvider>,
    );
    expect(html).toContain('data-mode="strip"');
    expect(html.match(/<img /g)).toHaveLength(3);
    for (const f of frames) {
      expect(html).toContain(f.src);
      expect(html).toContain(`<figcaption>${f.at}</figcaption>`);
    }
    expect(html).not.toContain('type="range"');
    expect(html).not.toContain("<button");
  });
});

describe("the player", () => {
  it("shows the picked frame, a slider over all frames and the caption in the reader's language", async () => {
    const html = renderToString(
      <I18nextProvider i18n={await i18n("zh")}>
        <FilmPlayer filmKey="evolution" title="组织演变" frames={frames} index={1} playing={false} onToggle={() => {}} onPick={() => {}} />
      </I18nextProvider>,
    );
    expect(html).toContain('data-mode="player"');
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html).toContain('src="/file?path=snapshot-1.png"');
    const slider = html.match(/<input type="range"[^>]*>/)![0];
    for (const attr of ['min="0"', 'max="2"', 'value="1"', 'aria-label="帧"', 'aria-valuetext="第 2 / 3 帧 · t = 10 s · 100"']) expect(slider).toContain(attr);
    expect(html).toContain(">第 2 / 3 帧 · t = 10 s · 100</figcaption>");
    expect(html).toMatch(/aria-pressed="false"[^>]*>播放<\/button>/);
  });

  it("offers pause while playing and keeps quiet for screen readers then", async () => {
    const html = renderToString(
      <I18nextProvider i18n={await i18n("en")}>
        <FilmPlayer filmKey="evolution" title="Film" frames={frames} index={2} playing onToggle={() => {}} onPick={() => {}} />
      </I18nextProvider>,
    );
    expect(html).toMatch(/aria-pressed="true"[^>]*>Pause<\/button>/);
    expect(html).toContain('aria-live="off"');
    expect(html).toContain("Frame 3 of 3 · t = 20 s · 200");
  });
});
