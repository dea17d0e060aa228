import type { ElementType, HTMLAttributes } from "react";
import { boxStyle, cx, splitStyleProps, type Spacing, type StyleProps } from "./box";

export interface PaperProps extends StyleProps, HTMLAttributes<HTMLElement> {
  /** The element drawn: a card is often a section, a fieldset or an article. */
  component?: ElementType;
  withBorder?: boolean;
  radius?: Spacing;
}

/** Mantine's Paper (a card), drawn directly (box.ts). */
export function Paper({ component: Component = "div", withBorder, radius, className, style, ...props }: PaperProps) {
  const [styleProps, rest] = splitStyleProps(props);
  const box = boxStyle({ "--paper-radius": radius === undefined ? undefined : `var(--mantine-radius-${radius})` }, styleProps, style);
  return <Component style={box.style} className={cx(className, "m_1b7284a3 mantine-Paper-root", box.responsive)} data-with-border={withBorder || undefined} {...rest} />;
}
