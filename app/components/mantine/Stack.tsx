import type { CSSProperties, HTMLAttributes } from "react";
import { boxStyle, cx, splitStyleProps, spacingVar, type Spacing, type StyleProps } from "./box";

export interface StackProps extends StyleProps, HTMLAttributes<HTMLDivElement> {
  gap?: Spacing | number;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
}

/** Mantine's Stack (a flex column), drawn directly (box.ts). */
export function Stack({ gap = "md", align = "stretch", justify = "flex-start", className, style, ...props }: StackProps) {
  const [styleProps, rest] = splitStyleProps(props);
  const box = boxStyle({ "--stack-gap": spacingVar(gap), "--stack-align": String(align), "--stack-justify": String(justify) }, styleProps, style);
  return <div style={box.style} className={cx(className, "m_6d731127 mantine-Stack-root", box.responsive)} {...rest} />;
}
