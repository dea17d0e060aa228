import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** One picture of a task's result as the page has it (labels already in the reader's language). */
export interface PageImage {
  key: string;
  label: string;
  path: string;
  sequence?: { key: string; label: string; at: string } | null;
}

/** A frame of a film: its picture's address, its own label and what it shows (time, step). */
export interface SequenceFrame {
  key: string;
  src: string;
  label: string;
  at: string;
}

export type ImageGroup<I extends PageImage> = { kind: "single"; image: I } | { kind: "sequence"; key: string; label: string; images: I[] };

/**
 * The result's pictures in their order, frames of one film (same sequence key) gathered where the first of them
 * is: a film is shown as one block, the other pictures one by one as before.
 */
export function imageGroups<I extends PageImage>(images: readonly I[]): Array<ImageGroup<I>> {
  const out: Array<ImageGroup<I>> = [];
  const films = new Map<string, { kind: "sequence"; key: string; label: string; images: I[] }>();
  for (const im of images) {
    if (!im.sequence) {
      out.push({ kind: "single", image: im });
      continue;
    }
    let film = films.get(im.sequence.key);
    if (!film) {
      film = { kind: "sequence", key: im.sequence.key, label: im.sequence.label, images: [] };
      films.set(im.sequence.key, film);
      out.push(film);
    }
    film.images.push(im);
  }
  return out;
}

/** Frames per second of the player: a snapshot every quarter second reads as motion without rushing past. */
export const FRAME_MS = 250;

/** The film without JavaScript: every frame with its caption in a responsive grid. */
export function FilmStrip({ filmKey, title, frames }: { filmKey: string; title: string; frames: SequenceFrame[] }) {
  return (
    <section className="is-film" data-testid={`sequence-${filmKey}`} data-mode="strip" aria-label={title}>
      <h4 className="ct-chart-title">{title}</h4>
      <ol className="is-strip">
        {frames.map((f) => (
          <li key={f.key}>
            <figure className="is-frame">
              <img src={f.src} alt={`${title}: ${f.at}`} loading="lazy" />
              <figcaption>{f.at}</figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The film as a player: the frame at `index`, play/pause, a slider over the frames and the frame's caption. */
export function FilmPlayer({
  filmKey,
  title,
  frames,
  index,
  playing,
  onToggle,
  onPick,
}: {
  filmKey: string;
  title: string;
  frames: SequenceFrame[];
  index: number;
  playing: boolean;
  onToggle: () => void;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation("phasefield");
  const frame = frames[Math.min(index, frames.length - 1)];
  const caption = t("sequence.caption", { n: index + 1, total: frames.length, at: frame.at });
  return (
    <section className="is-film" data-testid={`sequence-${filmKey}`} data-mode="player" aria-label={title}>
      <h4 className="ct-chart-title">{title}</h4>
      <figure className="is-player">
        <img src={frame.src} alt={`${title}: ${frame.at}`} data-testid={`sequence-${filmKey}-frame`} />
        <figcaption aria-live={playing ? "off" : "polite"} data-testid={`sequence-${filmKey}-caption`}>
          {caption}
        </figcaption>
      </figure>
      <div className="is-controls">
        <button type="button" onClick={onToggle} aria-pressed={playing} data-testid={`sequence-${filmKey}-play`}>
          {playing ? t("sequence.pause") : t("sequence.play")}
        </button>
        <input
          type="range"
          min={0}
          max={frames.length - 1}
          step={1}
          value={index}
          aria-label={t("sequence.slider")}
          aria-valuetext={caption}
          data-testid={`sequence-${filmKey}-slider`}
          onChange={(e) => onPick(Number(e.currentTarget.value))}
        />
      </div>
    </section>
  );
}

/**
 * A film of snapshots (phase-field microstructures). The server renders the strip, which works without
 * JavaScript and down to 320 px phones. Once the page's script runs the strip becomes the player.
 */
export function ImageSequence({ filmKey, title, frames }: { filmKey: string; title: string; frames: SequenceFrame[] }) {
  const [enhanced, setEnhanced] = useState(false);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const timer = useRef<number | null>(null);

  // Only after hydration: the server's HTML (and a browser without JavaScript) keeps the strip.
  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    if (!playing) return;
    timer.current = window.setInterval(() => setIndex((i) => (i + 1) % frames.length), FRAME_MS);
    return () => {
      if (timer.current !== null) window.clearInterval(timer.current);
    };
  }, [playing, frames.length]);

  // Fetch every frame once the player shows, so playing does not wait on the network frame by frame.
  useEffect(() => {
    if (!enhanced) return;
    for (const f of frames) new Image().src = f.src;
  }, [enhanced, frames]);

  if (!enhanced || frames.length < 2) return <FilmStrip filmKey={filmKey} title={title} frames={frames} />;
  return (
    <FilmPlayer
      filmKey={filmKey}
      title={title}
      frames={frames}
      index={index}
      playing={playing}
      onToggle={() => setPlaying((p) => !p)}
      onPick={(i) => {
        setPlaying(false);
        setIndex(i);
      }}
    />
  );
}
