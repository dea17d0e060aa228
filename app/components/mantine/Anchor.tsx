import type { ComponentPropsWithoutRef, ElementType, ReactNode } from "react";
import { boxStyle, cx, splitStyleProps, textSizeVars, type Spacing, type StyleProps } from "./box";

interface OwnProps extends StyleProps {
  size?: Spacing;
  children?: ReactNode;
}

export type AnchorProps<C extends ElementType = "a"> = OwnProps & { component?: C } & Omit<ComponentPropsWithoutRef<C>, keyof OwnProps | "component">;

/** Mantine's Anchor (a text link, underlined on hover), drawn directly (box.ts); `component={Link}` for the app's pages. */
export function Anchor<C extends ElementType = "a">(props: AnchorProps<C>) {
  const { component, size, className, style, ...others } = props as AnchorProps<"a"> & { component?: ElementType };
  const [styleProps, rest] = splitStyleProps(others);
  const box = boxStyle(textSizeVars(size), styleProps, style);
  const Component = component ?? "a";
  return (
    <Component
      style={box.style}
      className={cx("mantine-focus-auto", "m_849cf0da", className, "m_b6d8b162 mantine-Text-root mantine-Anchor-root", box.responsive)}
      data-size={size}
      data-underline="hover"
      {...rest}
    />
  );
}
