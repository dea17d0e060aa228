import { useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, openAtHref } from "~/lib/compute-task";

export interface PlotAxes {
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number };
  x: { min: number; max: number; label: string };
  y: { min: number; max: number; label: string };
  open: { appId: string; label: string } | null;
}

/** The point of the plot under a pointer position, or null outside the plot area. */
export function valueAt(axes: PlotAxes, rect: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number) {
  const u = ((clientX - rect.left) / rect.width) * axes.width;
  const v = ((clientY - rect.top) / rect.height) * axes.height;
  const fx = (u - axes.plot.left) / axes.plot.width;
  const fy = (v - axes.plot.top) / axes.plot.height;
  if (fx < 0 || fx > 1 || fy < 0 || fy > 1) return null;
  return { x: axes.x.min + fx * (axes.x.max - axes.x.min), y: axes.y.max - fy * (axes.y.max - axes.y.min) };
}

/**
 * A picture the platform drew. With axes (a phase diagram) and JavaScript, the pointer reads the values off
 * the plot and a click opens the linked form at that point; without JavaScript a small GET form does the same.
 */
export function PlotImage({ taskId, imageKey, src, alt, axes }: { taskId: string; imageKey: string; src: string; alt: string; axes: PlotAxes | null }) {
  const { t } = useTranslation("computeTask");
  const img = useRef<HTMLImageElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const read = (e: MouseEvent) => (axes && img.current ? valueAt(axes, img.current.getBoundingClientRect(), e.clientX, e.clientY) : null);
  return (
    <>
      <div className="ct-plot-wrap">
        <img
          ref={img}
          src={src}
          alt={alt}
          onMouseMove={axes ? (e) => setAt(read(e)) : undefined}
          onMouseLeave={axes ? () => setAt(null) : undefined}
          onClick={
            axes?.open
              ? (e) => {
                  const p = read(e);
                  if (p) window.location.assign(openAtHref(taskId, imageKey, p.x, p.y));
                }
              : undefined
          }
          style={axes?.open ? { cursor: "crosshair" } : undefined}
        />
        {at && axes ? (
          <span className="ct-readout" data-testid={`readout-${imageKey}`} aria-live="polite">
            {axes.x.label} = {formatNumber(at.x)} · {axes.y.label} = {formatNumber(at.y)}
            {axes.open ? ` · ${t("result.clickToOpen", { what: axes.open.label })}` : ""}
          </span>
        ) : null}
      </div>
      {axes?.open ? (
        <form method="get" action="/steelResearchCompute/openAt" className="ct-open-at" data-testid={`open-at-${imageKey}`}>
          <input type="hidden" name="id" value={taskId} />
          <input type="hidden" name="image" value={imageKey} />
          <label>
            {axes.x.label} <input name="x" inputMode="decimal" required size={8} />
          </label>
          <label>
            {axes.y.label} <input name="y" inputMode="decimal" required size={8} />
          </label>
          <button type="submit">{axes.open.label}</button>
        </form>
      ) : null}
    </>
  );
}
