import { forwardRef, type CSSProperties, type TextareaHTMLAttributes } from "react";
import { InputWrapper, splitWrapperProps, type WrapperProps } from "./InputWrapper.tsx";

export type TextareaProps = WrapperProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof WrapperProps> & {
    resize?: CSSProperties["resize"];
    "data-testid"?: string;
  };

/**
 * A text area with Mantine's Textarea markup and looks, without its runtime (InputWrapper.tsx says why) and
 * without autosize: fixed rows. Textarea.test.tsx holds the markup equal to Mantine's.
 */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(props, ref) {
  const [wrapper, { resize, ...rest }] = splitWrapperProps(props);
  const size = wrapper.size ?? "sm";
  return (
    <InputWrapper component="Textarea" props={wrapper} wrapperVars={{ "--input-padding-y": `var(--input-padding-y-${size})` }} wrapperData={{ "data-multiline": "true" }}>
      {({ head, tail, wrapper: w }) => (
        <div {...w}>
          <textarea ref={ref} style={resize ? ({ "--input-resize": resize } as CSSProperties) : undefined} {...head} {...rest} {...tail} />
        </div>
      )}
    </InputWrapper>
  );
});
