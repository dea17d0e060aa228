import { useId, type CSSProperties } from "react";
import { rem } from "./rem";

/**
 * What Mantine's Box does for the components drawn here (Stack, Group, Paper, Text, Title, Button, Anchor, Badge,
 * Alert): the style props the pages use turned into the same inline styles, in Mantine's order, and the same
 * classes and data attributes. Mantine's own Box runs its theme, styles-API and style-prop machinery for each
 * element (about a sixth of a page's server render); these are plain functions of their props. The markup is held
 * equal to Mantine's by light-boxes.test.tsx.
 *
 * One difference on purpose: a responsive padding (`p={{ base: "sm", sm: "lg" }}`) is two static classes of
 * app.css (`fe-p-sm fe-sm-p-lg`), where Mantine writes a `<style>` element with a generated class into the page for
 * each such element.
 */

export type Spacing = "xs" | "sm" | "md" | "lg" | "xl";
const SPACINGS: readonly string[] = ["xs", "sm", "md", "lg", "xl"];

/** A theme spacing, a number of px (scaled as Mantine scales it) or a CSS length such as "auto" or "60vh". */
export type SpacingValue = Spacing | number | (string & {});

/** Padding that changes at the `sm` breakpoint (48em): the pages' cards and columns, tighter on phones. */
export interface ResponsiveSpacing {
  base: Spacing;
  sm: Spacing;
}

/**
 * The style props the pages pass, in the order Mantine's extractStyleProps lists them (its inline styles follow
 * that order). `c` is a theme colour ("dimmed", "red", "steel.7").
 */
export interface StyleProps {
  m?: SpacingValue;
  mx?: SpacingValue;
  my?: SpacingValue;
  mt?: SpacingValue;
  mb?: SpacingValue;
  ml?: SpacingValue;
  mr?: SpacingValue;
  p?: SpacingValue | ResponsiveSpacing;
  px?: SpacingValue;
  py?: SpacingValue;
  pt?: SpacingValue;
  pb?: SpacingValue;
  c?: string;
  fw?: CSSProperties["fontWeight"];
  ta?: CSSProperties["textAlign"];
  w?: SpacingValue;
  miw?: SpacingValue;
  maw?: SpacingValue;
  h?: SpacingValue;
  mih?: SpacingValue;
  display?: CSSProperties["display"];
}

const SPACING_PROPS = [
  ["m", "margin"],
  ["mx", "marginInline"],
  ["my", "marginBlock"],
  ["mt", "marginTop"],
  ["mb", "marginBottom"],
  ["ml", "marginLeft"],
  ["mr", "marginRight"],
  ["p", "padding"],
  ["px", "paddingInline"],
  ["py", "paddingBlock"],
  ["pt", "paddingTop"],
  ["pb", "paddingBottom"],
] as const;
const SIZE_PROPS = [
  ["w", "width"],
  ["miw", "minWidth"],
  ["maw", "maxWidth"],
  ["h", "height"],
  ["mih", "minHeight"],
] as const;

/** Mantine's spacing resolver: a theme key becomes its variable, anything else goes through rem(). */
export function spacing(value: SpacingValue): string {
  if (typeof value === "number") return rem(value);
  const key = value.replace("-", "");
  if (!SPACINGS.includes(key)) return rem(value);
  return value.startsWith("-") ? `calc(var(--mantine-spacing-${key}) * -1)` : `var(--mantine-spacing-${key})`;
}

/** Mantine's text colour resolver: "dimmed", "white", a palette's text shade ("red") or one shade ("steel.7"). */
export function textColor(c: string): string {
  const dot = /^([a-z]+)\.(\d)$/.exec(c);
  if (dot) return `var(--mantine-color-${dot[1]}-${dot[2]})`;
  if (PALETTES.has(c)) return `var(--mantine-color-${c}-text)`;
  return ["dimmed", "bright", "white", "black"].includes(c) ? `var(--mantine-color-${c})` : c;
}

/** The theme's colour palettes: Mantine's fourteen and our steel. */
const PALETTES = new Set(["dark", "gray", "red", "pink", "grape", "violet", "indigo", "blue", "cyan", "teal", "green", "lime", "yellow", "orange", "steel"]);

const isResponsive = (v: unknown): v is ResponsiveSpacing => typeof v === "object" && v !== null;

/** The inline style (the component's variables, then the caller's style, then the style props) and responsive classes. */
export function boxStyle(vars: Record<string, string | undefined>, props: StyleProps, style: CSSProperties | undefined): { style: CSSProperties; responsive: string | undefined } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) out[k] = v;
  Object.assign(out, style);
  let responsive: string | undefined;
  for (const [prop, css] of SPACING_PROPS) {
    const v = props[prop];
    if (v === undefined) continue;
    // Only `p` may be responsive (its type says so): the classes exist for padding alone.
    if (isResponsive(v)) responsive = `fe-p-${v.base} fe-sm-p-${v.sm}`;
    else out[css] = spacing(v);
  }
  if (props.c !== undefined) out.color = textColor(props.c);
  if (props.fw !== undefined) out.fontWeight = props.fw;
  if (props.ta !== undefined) out.textAlign = props.ta;
  for (const [prop, css] of SIZE_PROPS) if (props[prop] !== undefined) out[css] = spacing(props[prop]!);
  if (props.display !== undefined) out.display = props.display;
  return { style: out as CSSProperties, responsive };
}

/** Takes the style props out of a component's props, leaving what goes on the element. */
export function splitStyleProps<P extends StyleProps>(props: P): [StyleProps, Omit<P, keyof StyleProps>] {
  const { m, mx, my, mt, mb, ml, mr, p, px, py, pt, pb, c, fw, ta, w, miw, maw, h, mih, display, ...rest } = props;
  return [{ m, mx, my, mt, mb, ml, mr, p, px, py, pt, pb, c, fw, ta, w, miw, maw, h, mih, display }, rest];
}

/** Text's (and Anchor's) size variables: the theme's font size and line height, none without a size. */
export function textSizeVars(size: Spacing | undefined): Record<string, string> {
  return size ? { "--text-fz": `var(--mantine-font-size-${size})`, "--text-lh": `var(--mantine-line-height-${size})` } : {};
}

/** Class names joined as Mantine's cx joins them: empty ones left out. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}

/** Mantine's getSpacing for a component's own variable (a gap): a theme key's variable, or px through rem(). */
export function spacingVar(value: Spacing | number): string {
  return typeof value === "number" ? rem(value) : `var(--mantine-spacing-${value})`;
}

/** The theme colours a button or badge takes (the primary, steel, when none is given). */
export type ThemeColor = "steel" | "red" | "orange" | "green" | "gray" | "grape" | "blue" | "yellow" | "teal";
export type ColorVariant = "filled" | "light" | "default" | "subtle" | "outline";

/** Mantine's default variant colour resolver for a theme colour without a shade (autoContrast off, as in our theme). */
export function variantColors(variant: ColorVariant, color: ThemeColor): { background: string; hover: string; color: string; border: string } {
  const c = `var(--mantine-color-${color}`;
  const transparent = `${rem(1)} solid transparent`;
  switch (variant) {
    case "filled":
      return { background: `${c}-filled)`, hover: `${c}-filled-hover)`, color: "var(--mantine-color-white)", border: transparent };
    case "light":
      return { background: `${c}-light)`, hover: `${c}-light-hover)`, color: `${c}-light-color)`, border: transparent };
    case "subtle":
      return { background: "transparent", hover: `${c}-light-hover)`, color: `${c}-light-color)`, border: transparent };
    case "outline":
      return { background: "transparent", hover: `${c}-outline-hover)`, color: `${c}-outline)`, border: `${rem(1)} solid ${c}-outline)` };
    case "default":
      return {
        background: "var(--mantine-color-default)",
        hover: "var(--mantine-color-default-hover)",
        color: "var(--mantine-color-default-color)",
        border: `${rem(1)} solid var(--mantine-color-default-border)`,
      };
  }
}

/** An element's id as Mantine's useId makes it (React's, without the colons), or the one given. */
export function useMantineId(given?: string): string {
  const reactId = useId();
  return given ?? `mantine-${reactId.replace(/:/g, "")}`;
}
