import type { ElementType, HTMLAttributes } from "react";
import { boxStyle, cx, splitStyleProps, type StyleProps } from "./box";

type Heading = "h1" | "h2" | "h3" | "h4" | "h5" | "h6";

export interface TitleProps extends StyleProps, HTMLAttributes<HTMLHeadingElement> {
  /** The heading level: h1–h6 in the document outline. */
  order?: 1 | 2 | 3 | 4 | 5 | 6;
  /** How big it looks, when that is not its level's size. */
  size?: Heading;
  /** Another element with a heading's look (a fieldset's legend). */
  component?: ElementType;
}

/** Mantine's Title, drawn directly (box.ts). */
export function Title({ order = 1, size, component, className, style, ...props }: TitleProps) {
  const [styleProps, rest] = splitStyleProps(props);
  const look = size ?? `h${order}`;
  const vars = { "--title-fw": `var(--mantine-${look}-font-weight)`, "--title-lh": `var(--mantine-${look}-line-height)`, "--title-fz": `var(--mantine-${look}-font-size)` };
  const box = boxStyle(vars, styleProps, style);
  const Component = component ?? (`h${order}` as Heading);
  return <Component style={box.style} className={cx(className, "m_8a5d1357 mantine-Title-root", box.responsive)} data-size={size} data-order={order} {...rest} />;
}
