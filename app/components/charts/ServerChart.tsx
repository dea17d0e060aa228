/**
 * A chart drawn on the server as SVG markup (the `*-chart.server.tsx` renderers, from recharts), shown as is.
 * These charts are pictures the browser never redraws: passing their markup lets the page read without
 * JavaScript and keeps recharts (about 100 KiB of gzip JavaScript) out of the browser. The markup is React's
 * own rendering of our data, escaped like any other text.
 */
export function ServerChart({ svg, className }: { svg: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: svg }} />;
}
