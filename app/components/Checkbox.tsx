import { forwardRef, type CSSProperties, type InputHTMLAttributes, type ReactNode } from "react";
import type { FieldSize } from "./InputWrapper.tsx";
import { useMantineId } from "./mantine/box";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "type"> & {
  label?: ReactNode;
  description?: ReactNode;
  size?: FieldSize;
};

/**
 * A checkbox with Mantine's Checkbox markup and looks (classes, data attributes, CSS variables), without its
 * runtime: InputWrapper.tsx says why; TextInput.test.tsx holds the markup equal to Mantine's.
 */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, description, size, id: given, className, style, ...rest }, ref) {
  const id = useMantineId(given);
  const sized = size && size !== "sm";
  const rootStyle = {
    ...(sized ? { "--checkbox-size": `var(--checkbox-size-${size})` } : {}),
    "--checkbox-color": "var(--mantine-color-blue-filled)",
    ...(sized ? { "--label-fz": `var(--mantine-font-size-${size})`, "--label-lh": `var(--label-lh-${size})` } : {}),
    ...style,
  } as CSSProperties;
  return (
    <div
      style={rootStyle}
      className={`${className ? `${className} ` : ""}m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root`}
      data-variant="filled"
      data-size={sized ? size : undefined}
      data-label-position="right"
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input ref={ref} className="mantine-focus-auto m_26063560 mantine-Checkbox-input" id={id} {...rest} type="checkbox" />
          <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className="m_bf295423 mantine-Checkbox-icon">
            <path d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z" fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
        {label || description ? (
          <div className="m_d3ea56bb mantine-Checkbox-labelWrapper">
            {label ? (
              <label className="m_8ee546b8 mantine-Checkbox-label" htmlFor={id}>
                {label}
              </label>
            ) : null}
            {description ? (
              <p
                style={size ? ({ "--input-description-size": `calc(var(--mantine-font-size-${size}) - calc(0.125rem * var(--mantine-scale)))` } as CSSProperties) : undefined}
                className="m_328f68c0 mantine-Checkbox-description m_fe47ce59 mantine-InputWrapper-description"
                data-size={size}
              >
                {description}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
});
