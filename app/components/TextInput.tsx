import { forwardRef, type InputHTMLAttributes, type ReactNode } from "react";
import { InputWrapper, splitWrapperProps, type WrapperProps } from "./InputWrapper.tsx";

export type TextInputProps = WrapperProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, keyof WrapperProps | "size"> & {
    "data-testid"?: string;
    /** Something inside the field's right end (the SMS form's send button), this many px wide. */
    rightSection?: ReactNode;
    rightSectionWidth?: number;
    rightSectionPointerEvents?: "all" | "none";
  };

/** A text field with Mantine's TextInput markup and looks, without its runtime (InputWrapper.tsx says why). */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(props, ref) {
  const [wrapper, { rightSection, rightSectionWidth, rightSectionPointerEvents, ...rest }] = splitWrapperProps(props);
  const section = rightSection !== undefined && rightSection !== null;
  return (
    <InputWrapper
      component="TextInput"
      props={wrapper}
      wrapperVars={{
        ...(rightSectionWidth !== undefined ? { "--input-right-section-width": `calc(${rightSectionWidth / 16}rem * var(--mantine-scale))` } : {}),
        ...(rightSectionPointerEvents ? { "--input-right-section-pointer-events": rightSectionPointerEvents } : {}),
      }}
      wrapperData={section ? { "data-with-right-section": "true" } : undefined}
    >
      {({ head, tail, wrapper: w }) => (
        <div {...w}>
          <input ref={ref} {...head} {...rest} {...tail} />
          {section ? (
            <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
              {rightSection}
            </div>
          ) : null}
        </div>
      )}
    </InputWrapper>
  );
});
