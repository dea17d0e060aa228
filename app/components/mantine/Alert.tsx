import type { HTMLAttributes, ReactNode } from "react";
import { boxStyle, cx, splitStyleProps, useMantineId, variantColors, type ColorVariant, type StyleProps, type ThemeColor } from "./box";

export interface AlertProps extends StyleProps, Omit<HTMLAttributes<HTMLDivElement>, "title"> {
  variant?: ColorVariant;
  color?: ThemeColor;
  /** The alert's heading, above its message. */
  title?: ReactNode;
}

/** Mantine's Alert (a message box announced to screen readers), drawn directly (box.ts). */
export function Alert({ variant, color, title, id, role, className, style, children, ...props }: AlertProps) {
  const [styleProps, rest] = splitStyleProps(props);
  const rootId = useMantineId(id);
  const colors = variantColors(variant ?? "light", color ?? "steel");
  const styled = color !== undefined || variant !== undefined;
  const vars = { "--alert-bg": styled ? colors.background : undefined, "--alert-color": colors.color, "--alert-bd": styled ? colors.border : undefined };
  const box = boxStyle(vars, styleProps, style);
  return (
    <div
      style={box.style}
      className={cx(className, "m_66836ed3 mantine-Alert-root", box.responsive)}
      data-variant={variant}
      id={rootId}
      role={role ?? "alert"}
      {...rest}
      aria-describedby={children ? `${rootId}-body` : undefined}
      aria-labelledby={title ? `${rootId}-title` : undefined}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          {title ? (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${rootId}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          ) : null}
          {children ? (
            <div id={`${rootId}-body`} className="m_7fa78076 mantine-Alert-message" data-variant={variant}>
              {children}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
