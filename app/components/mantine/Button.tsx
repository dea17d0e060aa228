import type { ComponentPropsWithoutRef, CSSProperties, ElementType, ReactNode } from "react";
import { boxStyle, cx, splitStyleProps, variantColors, type ColorVariant, type StyleProps, type ThemeColor } from "./box";
import { rem } from "./rem";

type ButtonSize = "xs" | "sm" | "md" | "lg" | "xl" | "compact-xs" | "compact-sm" | "compact-md";

interface OwnProps extends StyleProps {
  /** filled (the default), light, default (outlined grey), subtle or outline. */
  variant?: ColorVariant;
  color?: ThemeColor;
  /** The theme's default is sm. */
  size?: ButtonSize;
  /** Shows the spinner and disables the button while its form is sent. */
  loading?: boolean;
  fullWidth?: boolean;
  disabled?: boolean;
  children?: ReactNode;
}

export type ButtonProps<C extends ElementType = "button"> = OwnProps & { component?: C } & Omit<ComponentPropsWithoutRef<C>, keyof OwnProps | "component">;

/** The spinner in a loading button: Mantine's Loader in its entered transition, drawn as Mantine draws it. */
const loader = (
  <span
    style={{
      transitionProperty: "transform, opacity",
      WebkitBackfaceVisibility: "hidden",
      transitionDuration: "150ms",
      transitionTimingFunction: "ease",
      transformOrigin: "center",
      opacity: 1,
      transform: `translate(-50%, calc(-50% + ${rem(1)}))`,
    }}
    className="m_a25b86ee mantine-Button-loader"
    aria-hidden
  >
    <span style={{ "--loader-size": "calc(var(--button-height) / 1.8)", "--loader-color": "var(--button-color)" } as CSSProperties} className="m_b34414df m_5ae2e3c mantine-Loader-root" />
  </span>
);

/**
 * Mantine's Button, drawn directly (box.ts): a button, or a link (`component={Link}` or "a") that looks like one.
 * A loading button is disabled and shows the spinner over its label.
 */
export function Button<C extends ElementType = "button">(props: ButtonProps<C>) {
  const { component, variant, color, size = "sm", loading, fullWidth, disabled, className, style, children, ...others } = props as ButtonProps<"button"> & { component?: ElementType };
  const [styleProps, rest] = splitStyleProps(others);
  const colors = variantColors(variant ?? "filled", color ?? "steel");
  const styled = color !== undefined || variant !== undefined;
  const vars = {
    "--button-height": `var(--button-height-${size})`,
    "--button-padding-x": `var(--button-padding-x-${size})`,
    "--button-fz": `var(--mantine-font-size-${size.replace("compact-", "")})`,
    "--button-bg": styled ? colors.background : undefined,
    "--button-hover": styled ? colors.hover : undefined,
    "--button-color": colors.color,
    "--button-bd": styled ? colors.border : undefined,
  };
  const box = boxStyle(vars, styleProps, style);
  const Component = component ?? "button";
  const active = !disabled && !loading;
  return (
    <Component
      style={box.style}
      className={cx("mantine-focus-auto", active && "mantine-active", className, "m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root", box.responsive)}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-block={fullWidth || undefined}
      type={Component === "button" ? "button" : undefined}
      disabled={disabled || loading}
      {...rest}
    >
      {loading ? loader : null}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </Component>
  );
}
