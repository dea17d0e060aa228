import type { CSSProperties, ReactNode } from "react";
import { useMantineId } from "./mantine/box";

/**
 * Mantine's input markup (label, description, the input in its wrapper, error), drawn directly: the same
 * elements, classes, data attributes and CSS variables as Mantine's InputWrapper and Input, so Mantine's
 * stylesheet styles them and labels, descriptions and errors are wired for screen readers the same way. Mantine's
 * own components run its style-prop and styles-API machinery for each of their five boxes: about 80 µs a field
 * on the server against 3 µs for this, and 4–5 KiB of gzip JavaScript on every form page (docs/decisions.md 10).
 * TextInput.test.tsx and NativeSelect.test.tsx hold the markup equal to Mantine's for the props the pages use.
 */

export type FieldSize = "xs" | "sm" | "md" | "lg" | "xl";

export interface WrapperProps {
  label?: ReactNode;
  description?: ReactNode;
  /** A message under the field; `true` marks the field invalid without one. */
  error?: ReactNode;
  required?: boolean;
  /** Shows the asterisk without making the field required (or hides it with false). */
  withAsterisk?: boolean;
  size?: FieldSize;
  /** Width in px, as Mantine's `w` style prop (scaled with the theme). */
  w?: number;
  className?: string;
  style?: CSSProperties;
  id?: string;
}

/**
 * What a field's description and error change around the input, as Mantine does it: the ids the input is described
 * by, and the wrapper's margins that make room for them.
 */
export function messageParts(id: string, error: ReactNode, description: ReactNode): { hasError: boolean; describedBy: string | undefined; margins: Record<string, string> } {
  const hasError = !!error && typeof error !== "boolean";
  const describedBy = [hasError ? `${id}-error` : "", description ? `${id}-description` : ""].join(" ").trim() || undefined;
  const margins: Record<string, string> = {};
  if (description) margins["--input-margin-top"] = "calc(var(--mantine-spacing-xs) / 2)";
  if (hasError) margins["--input-margin-bottom"] = "calc(var(--mantine-spacing-xs) / 2)";
  return { hasError, describedBy, margins };
}

const fontSize = (size: FieldSize) => `var(--mantine-font-size-${size})`;
const smaller = (size: FieldSize) => `calc(${fontSize(size)} - calc(0.125rem * var(--mantine-scale)))`;

/**
 * What the field element itself carries, and the wrapper around it. The element's attributes come in two parts
 * because Mantine writes the caller's own (name, maxLength…) between them: `<input {...head} {...rest} {...tail} />`.
 */
export interface FieldParts {
  head: { className: string; "data-variant": "default"; "data-error"?: true };
  tail: { required?: boolean; "aria-invalid": boolean; "aria-describedby"?: string; id: string };
  wrapper: { style: CSSProperties; className: string; "data-variant": "default"; "data-size": FieldSize; "data-error"?: true };
}

/**
 * Draws the root, label, description and error of a field named `component` (its Mantine static class, e.g.
 * "TextInput"), and asks `children` for the field in its wrapper.
 */
export function InputWrapper({
  component,
  props,
  wrapperVars,
  wrapperData,
  children,
}: {
  component: string;
  props: WrapperProps;
  /** More CSS variables on the wrapper (a select's right section). */
  wrapperVars?: Record<string, string>;
  /** More data attributes on the wrapper, after Mantine's own. */
  wrapperData?: Record<string, string>;
  children: (parts: FieldParts) => ReactNode;
}) {
  const { label, description, error, required, withAsterisk, size = "sm", w, className, style, id: given } = props;
  const id = useMantineId(given);
  const invalid = !!error;
  const hasDescription = !!description;
  const { hasError, describedBy, margins } = messageParts(id, error, description);
  const asterisk = typeof withAsterisk === "boolean" ? withAsterisk : required;
  const rootStyle: CSSProperties | undefined = w !== undefined || style ? { ...(w !== undefined ? { width: `calc(${w / 16}rem * var(--mantine-scale))` } : {}), ...style } : undefined;
  const wrapperStyle = {
    ...margins,
    "--input-height": `var(--input-height-${size})`,
    "--input-fz": fontSize(size),
    ...wrapperVars,
  } as CSSProperties;
  const parts: FieldParts = {
    head: { className: `m_8fb7ebe7 mantine-Input-input mantine-${component}-input`, "data-variant": "default", ...(invalid ? { "data-error": true as const } : {}) },
    tail: { required, "aria-invalid": invalid, "aria-describedby": describedBy, id },
    wrapper: {
      style: wrapperStyle,
      className: `m_6c018570 mantine-Input-wrapper mantine-${component}-wrapper`,
      "data-variant": "default",
      "data-size": size,
      ...(invalid ? { "data-error": true as const } : {}),
      ...wrapperData,
    },
  };
  return (
    <div style={rootStyle} className={`${className ? `${className} ` : ""}m_46b77525 mantine-InputWrapper-root mantine-${component}-root`} data-size={size} data-error={invalid || undefined}>
      {label ? (
        <label
          style={{ "--input-label-size": fontSize(size) } as CSSProperties}
          className={`m_8fdc1311 mantine-InputWrapper-label mantine-${component}-label`}
          data-size={size}
          data-required={asterisk || undefined}
          htmlFor={id}
          id={`${id}-label`}
        >
          {label}
          {asterisk ? (
            <span className={`m_78a94662 mantine-InputWrapper-required mantine-${component}-required`} aria-hidden="true">
              {" *"}
            </span>
          ) : null}
        </label>
      ) : null}
      {hasDescription ? (
        <p
          style={{ "--input-description-size": smaller(size) } as CSSProperties}
          className={`m_fe47ce59 mantine-InputWrapper-description mantine-${component}-description`}
          data-size={size}
          id={`${id}-description`}
        >
          {description}
        </p>
      ) : null}
      {children(parts)}
      {hasError ? (
        <p style={{ "--input-error-size": smaller(size) } as CSSProperties} className={`m_8f816625 mantine-InputWrapper-error mantine-${component}-error`} data-size={size} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The props of the field element that the wrapper owns, taken out of the rest. */
export function splitWrapperProps<P extends WrapperProps>(props: P): [WrapperProps, Omit<P, keyof WrapperProps>] {
  const { label, description, error, required, withAsterisk, size, w, className, style, id, ...rest } = props;
  return [{ label, description, error, required, withAsterisk, size, w, className, style, id }, rest];
}
