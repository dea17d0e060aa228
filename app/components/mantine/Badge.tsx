import type { HTMLAttributes } from "react";
import { boxStyle, cx, splitStyleProps, variantColors, type ColorVariant, type Spacing, type StyleProps, type ThemeColor } from "./box";

export interface BadgeProps extends StyleProps, HTMLAttributes<HTMLDivElement> {
  variant?: ColorVariant;
  color?: ThemeColor;
  size?: Spacing;
  radius?: Spacing;
}

/** Mantine's Badge (a state or count as a pill), drawn directly (box.ts). */
export function Badge({ variant, color, size, radius, className, style, children, ...props }: BadgeProps) {
  const [styleProps, rest] = splitStyleProps(props);
  const colors = variantColors(variant ?? "filled", color ?? "steel");
  const styled = color !== undefined || variant !== undefined;
  const vars = {
    "--badge-height": size && `var(--badge-height-${size})`,
    "--badge-padding-x": size && `var(--badge-padding-x-${size})`,
    "--badge-fz": size && `var(--badge-fz-${size})`,
    "--badge-radius": radius && `var(--mantine-radius-${radius})`,
    "--badge-bg": styled ? colors.background : undefined,
    "--badge-color": styled ? colors.color : undefined,
    "--badge-bd": styled ? colors.border : undefined,
  };
  const box = boxStyle(vars, styleProps, style);
  return (
    <div style={box.style} className={cx(className, "m_347db0ec mantine-Badge-root", box.responsive)} data-variant={variant} data-size={size} {...rest}>
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}
