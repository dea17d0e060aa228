import { createContext, forwardRef, useContext, type InputHTMLAttributes, type ReactNode } from "react";
import { useMantineId } from "./mantine/box";

/** The group's name and first value, which its radios take (a plain form posts the checked one). */
const GroupContext = createContext<{ name?: string; defaultValue?: string } | null>(null);

export type RadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "type"> & { label?: ReactNode };

/**
 * A radio with Mantine's Radio markup and looks, without its runtime (InputWrapper.tsx says why); in a
 * RadioGroup it takes the group's name and is checked when it holds the group's value. TextInput.test.tsx holds
 * the markup equal to Mantine's.
 */
const RadioButton = forwardRef<HTMLInputElement, RadioProps>(function Radio({ label, id: given, name, value, defaultChecked, className, ...rest }, ref) {
  const group = useContext(GroupContext);
  const id = useMantineId(given);
  const checked = group ? group.defaultValue !== undefined && String(value) === group.defaultValue : undefined;
  return (
    <div
      style={{ ["--radio-color" as string]: "var(--mantine-color-blue-filled)" }}
      className={`${className ? `${className} ` : ""}m_f3f1af94 mantine-Radio-root m_5f75b09e mantine-Radio-root`}
      data-label-position="right"
      data-checked={checked || undefined}
    >
      <div className="m_5f6e695e mantine-Radio-body">
        <div className="m_89c4f5e4 mantine-Radio-inner" data-label-position="right">
          <input
            ref={ref}
            className="mantine-focus-auto m_8a3dbb89 mantine-Radio-radio"
            name={group?.name ?? name}
            id={id}
            {...rest}
            type="radio"
            defaultChecked={checked ?? defaultChecked}
            value={value}
          />
          <svg xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 5 5" aria-hidden="true" className="m_f3ed6b2b mantine-Radio-icon">
            <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
          </svg>
        </div>
        {label ? (
          <div className="m_d3ea56bb mantine-Radio-labelWrapper">
            <label className="m_8ee546b8 mantine-Radio-label" htmlFor={id}>
              {label}
            </label>
          </div>
        ) : null}
      </div>
    </div>
  );
});

export interface RadioGroupProps {
  name: string;
  label?: ReactNode;
  defaultValue?: string;
  /** A message under the group; `true` marks it invalid without one. */
  error?: ReactNode;
  withAsterisk?: boolean;
  children: ReactNode;
}

/** Mantine's Radio.Group markup: a labelled radiogroup whose error is announced with it. */
function RadioGroup({ name, label, defaultValue, error, withAsterisk, children }: RadioGroupProps) {
  const id = useMantineId();
  const hasError = !!error && typeof error !== "boolean";
  return (
    <GroupContext.Provider value={{ name, defaultValue }}>
      <div className="m_46b77525 mantine-InputWrapper-root mantine-RadioGroup-root" data-error={!!error || undefined}>
        {label ? (
          <div className="m_8fdc1311 mantine-InputWrapper-label mantine-RadioGroup-label" data-required={withAsterisk || undefined} id={`${id}-label`}>
            {label}
            {withAsterisk ? (
              <span className="m_78a94662 mantine-InputWrapper-required mantine-RadioGroup-required" aria-hidden="true">
                {" *"}
              </span>
            ) : null}
          </div>
        ) : null}
        <div role="radiogroup" aria-labelledby={label ? `${id}-label` : undefined} aria-describedby={hasError ? `${id}-error` : undefined}>
          {children}
        </div>
        {hasError ? (
          <p className="m_8f816625 mantine-InputWrapper-error mantine-RadioGroup-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    </GroupContext.Provider>
  );
}

export const Radio = Object.assign(RadioButton, { Group: RadioGroup });
