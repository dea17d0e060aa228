import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MantineProvider } from "~/components/mantine/MantineProvider";
import { theme } from "~/theme";

/** The generated stylesheet beside this module; `npm run theme:css` rewrites it from the theme. */
export const THEME_CSS_FILE = "app/styles/mantine-theme.css";

const HEADER = "/* Generated from app/theme.ts by `npm run theme:css`: Mantine's CSS variables and global classes for our theme. Do not edit. */\n";

/**
 * What MantineProvider would otherwise inline as <style> into every page (the theme's CSS variables and the
 * responsive helper classes), as one stylesheet the browser caches: rendering it per request cost render time
 * and HTML bytes, and an inline <style> needs a CSP nonce.
 */
export function themeCss(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, defaultColorScheme: "light" }));
  const blocks = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1].trim());
  if (!blocks.length) throw new Error("MantineProvider rendered no styles: has its API changed?");
  return HEADER + blocks.join("\n") + "\n";
}
