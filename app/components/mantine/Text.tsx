import type { HTMLAttributes } from "react";
import { boxStyle, cx, splitStyleProps, textSizeVars, type Spacing, type StyleProps } from "./box";

export interface TextProps extends StyleProps, HTMLAttributes<HTMLElement> {
  size?: Spacing;
  /** A <span> instead of a <p>. */
  span?: boolean;
}

/** Mantine's Text, drawn directly (box.ts). */
export function Text({ size, span, className, style, ...props }: TextProps) {
  const [styleProps, rest] = splitStyleProps(props);
  const box = boxStyle(textSizeVars(size), styleProps, style);
  const Component = span ? "span" : "p";
  return <Component style={box.style} className={cx("mantine-focus-auto", className, "m_b6d8b162 mantine-Text-root", box.responsive)} data-size={size} {...rest} />;
}
