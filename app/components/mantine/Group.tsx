import { Children, type CSSProperties, type HTMLAttributes } from "react";
import { boxStyle, cx, splitStyleProps, spacingVar, type Spacing, type StyleProps } from "./box";

export interface GroupProps extends StyleProps, HTMLAttributes<HTMLDivElement> {
  gap?: Spacing | number;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  wrap?: CSSProperties["flexWrap"];
  /** Children share the row equally. */
  grow?: boolean;
  /** With `grow`: no child wider than its share (Mantine's default). */
  preventGrowOverflow?: boolean;
}

/** Mantine's Group (a wrapping flex row), drawn directly (box.ts). */
export function Group({ gap = "md", align = "center", justify = "flex-start", wrap = "wrap", grow, preventGrowOverflow = true, className, style, children, ...props }: GroupProps) {
  const [styleProps, rest] = splitStyleProps(props);
  const gapVar = spacingVar(gap);
  let childWidth: string | undefined;
  if (grow && preventGrowOverflow) {
    const n = Children.toArray(children).length;
    childWidth = `calc(${100 / n}% - (${gapVar} - ${gapVar} / ${n}))`;
  }
  const vars = { "--group-child-width": childWidth, "--group-gap": gapVar, "--group-align": String(align), "--group-justify": String(justify), "--group-wrap": String(wrap) };
  const box = boxStyle(vars, styleProps, style);
  return (
    <div style={box.style} className={cx(className, "m_4081bf90 mantine-Group-root", box.responsive)} data-grow={grow || undefined} {...rest}>
      {children}
    </div>
  );
}
