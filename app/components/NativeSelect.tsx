import { forwardRef, type CSSProperties, type SelectHTMLAttributes } from "react";
import { InputWrapper, splitWrapperProps, type WrapperProps } from "./InputWrapper.tsx";

export type NativeSelectProps = WrapperProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof WrapperProps | "size"> & {
    /** Options as values, or value and label pairs; or give <option> children instead. */
    data?: ReadonlyArray<string | { value: string; label: string; disabled?: boolean }>;
    "data-testid"?: string;
  };

/** Mantine's chevron, drawn as its ComboboxChevron draws it. */
function Chevron({ size, error }: { size: string; error: unknown }) {
  return (
    <svg
      style={size === "sm" ? undefined : ({ "--combobox-chevron-size": `var(--combobox-chevron-size-${size})` } as CSSProperties)}
      className="m_2943220b mantine-ComboboxChevron-chevron"
      data-size={size === "sm" ? undefined : size}
      data-combobox-chevron="true"
      data-error={error ? String(error) : undefined}
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** A native <select> with Mantine's NativeSelect markup and looks, without its runtime (InputWrapper.tsx says why). */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(props, ref) {
  const [wrapper, { data, children, ...rest }] = splitWrapperProps(props);
  const options = data
    ? data.map((o) =>
        typeof o === "string" ? (
          <option key={o} value={o}>
            {o}
          </option>
        ) : (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ),
      )
    : children;
  return (
    <InputWrapper component="NativeSelect" props={wrapper} wrapperVars={{ "--input-right-section-pointer-events": "none" }} wrapperData={{ "data-pointer": "true", "data-with-right-section": "true" }}>
      {({ head, tail, wrapper: w }) => (
        <div {...w}>
          <select ref={ref} {...head} {...rest} {...tail}>
            {options}
          </select>
          <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
            <Chevron size={wrapper.size ?? "sm"} error={wrapper.error} />
          </div>
        </div>
      )}
    </InputWrapper>
  );
});
