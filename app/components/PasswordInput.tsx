import { useState, type CSSProperties, type InputHTMLAttributes, type ReactNode } from "react";
import { messageParts } from "./InputWrapper.tsx";
import { useMantineId } from "./mantine/box";

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "size"> {
  label?: ReactNode;
  description?: ReactNode;
  /** A message under the field; `true` marks the field invalid without one. */
  error?: ReactNode;
  /** Shows the asterisk without making the field required. */
  withAsterisk?: boolean;
}

const EYE =
  "M7.5 11C4.80285 11 2.52952 9.62184 1.09622 7.50001C2.52952 5.37816 4.80285 4 7.5 4C10.1971 4 12.4705 5.37816 13.9038 7.50001C12.4705 9.62183 10.1971 11 7.5 11ZM7.5 3C4.30786 3 1.65639 4.70638 0.0760002 7.23501C-0.0253338 7.39715 -0.0253334 7.60288 0.0760014 7.76501C1.65639 10.2936 4.30786 12 7.5 12C10.6921 12 13.3436 10.2936 14.924 7.76501C15.0253 7.60288 15.0253 7.39715 14.924 7.23501C13.3436 4.70638 10.6921 3 7.5 3ZM7.5 9.5C8.60457 9.5 9.5 8.60457 9.5 7.5C9.5 6.39543 8.60457 5.5 7.5 5.5C6.39543 5.5 5.5 6.39543 5.5 7.5C5.5 8.60457 6.39543 9.5 7.5 9.5Z";
const EYE_CLOSED =
  "M13.3536 2.35355C13.5488 2.15829 13.5488 1.84171 13.3536 1.64645C13.1583 1.45118 12.8417 1.45118 12.6464 1.64645L10.6828 3.61012C9.70652 3.21671 8.63759 3 7.5 3C4.30786 3 1.65639 4.70638 0.0760002 7.23501C-0.0253338 7.39715 -0.0253334 7.60288 0.0760014 7.76501C0.902945 9.08812 2.02314 10.1861 3.36061 10.9323L1.64645 12.6464C1.45118 12.8417 1.45118 13.1583 1.64645 13.3536C1.84171 13.5488 2.15829 13.5488 2.35355 13.3536L4.31723 11.3899C5.29348 11.7833 6.36241 12 7.5 12C10.6921 12 13.3436 10.2936 14.924 7.76501C15.0253 7.60288 15.0253 7.39715 14.924 7.23501C14.0971 5.9119 12.9769 4.81391 11.6394 4.06771L13.3536 2.35355ZM9.90428 4.38861C9.15332 4.1361 8.34759 4 7.5 4C4.80285 4 2.52952 5.37816 1.09622 7.50001C1.87284 8.6497 2.89609 9.58106 4.09974 10.1931L9.90428 4.38861ZM5.09572 10.6114L10.9003 4.80685C12.1039 5.41894 13.1272 6.35031 13.9038 7.50001C12.4705 9.62183 10.1971 11 7.5 11C6.65241 11 5.84668 10.8639 5.09572 10.6114Z";

/**
 * Mantine's PasswordInput drawn directly, like the other fields (InputWrapper.tsx): the same markup, so its
 * stylesheet draws it, and the same eye button that shows the password while pressed on (pointer or Space; it is
 * hidden from screen readers and out of the tab order, as Mantine's is). Held equal to Mantine's by
 * TextInput.test.tsx. Without JavaScript the field is a plain password field.
 */
export function PasswordInput({ label, description, error, required, withAsterisk, id: given, className, ...input }: PasswordInputProps) {
  const id = useMantineId(given);
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((v) => !v);
  const invalid = !!error;
  const { hasError, describedBy, margins } = messageParts(id, error, description);
  const asterisk = typeof withAsterisk === "boolean" ? withAsterisk : required;
  // Mantine's attribute order (the tests compare markup); autoComplete is "off" unless the page says otherwise.
  const inputAttrs: InputHTMLAttributes<HTMLInputElement> & { "data-invalid"?: true } = {
    required,
    "data-invalid": invalid || undefined,
    className: "m_f2d85dd2 mantine-PasswordInput-innerInput",
    id,
    ...input,
  };
  return (
    <div className={`${className ? `${className} ` : ""}m_f61ca620 mantine-PasswordInput-root m_46b77525 mantine-InputWrapper-root mantine-PasswordInput-root`} data-error={invalid || undefined}>
      {label ? (
        <label className="m_8fdc1311 mantine-InputWrapper-label mantine-PasswordInput-label" data-required={asterisk || undefined} htmlFor={id} id={`${id}-label`}>
          {label}
          {asterisk ? (
            <span className="m_78a94662 mantine-InputWrapper-required mantine-PasswordInput-required" aria-hidden="true">
              {" *"}
            </span>
          ) : null}
        </label>
      ) : null}
      {description ? (
        <p className="m_fe47ce59 mantine-InputWrapper-description mantine-PasswordInput-description" id={`${id}-description`}>
          {description}
        </p>
      ) : null}
      <div
        style={Object.keys(margins).length ? (margins as CSSProperties) : undefined}
        className="m_6c018570 mantine-Input-wrapper mantine-PasswordInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-error={invalid || undefined}
        data-with-right-section="true"
      >
        <div className="m_ccf8da4c m_8fb7ebe7 mantine-Input-input mantine-PasswordInput-input" data-variant="default" data-error={invalid || undefined}>
          <input {...inputAttrs} aria-describedby={describedBy} autoComplete={input.autoComplete || "off"} type={visible ? "text" : "password"} />
        </div>
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-PasswordInput-section">
          <button
            style={
              {
                "--ai-bg": "transparent",
                "--ai-hover": "var(--mantine-color-gray-light-hover)",
                "--ai-color": "var(--mantine-color-gray-light-color)",
                "--ai-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
              } as CSSProperties
            }
            className="mantine-focus-auto mantine-active m_b1072d44 mantine-PasswordInput-visibilityToggle m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
            data-variant="subtle"
            type="button"
            aria-hidden="true"
            aria-pressed={visible}
            tabIndex={-1}
            onMouseDown={(e) => {
              e.preventDefault();
              toggle();
            }}
            onTouchEnd={(e) => {
              e.preventDefault();
              toggle();
            }}
            onKeyDown={(e) => {
              if (e.key === " ") {
                e.preventDefault();
                toggle();
              }
            }}
          >
            <span className="m_8d3afb97 mantine-ActionIcon-icon">
              <svg viewBox="0 0 15 15" fill="none" xmlns="http://www.w3.org/2000/svg" style={{ width: "var(--psi-icon-size)", height: "var(--psi-icon-size)" }}>
                <path d={visible ? EYE_CLOSED : EYE} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
              </svg>
            </span>
          </button>
        </div>
      </div>
      {hasError ? (
        <p className="m_8f816625 mantine-InputWrapper-error mantine-PasswordInput-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
