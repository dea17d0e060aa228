import type { TextareaProps } from "@mantine/core";
import { forwardRef } from "react";
import { InputBase } from "~/components/mantine/InputBase";

/**
 * Mantine's Textarea without its autosize option: Mantine's module imports react-textarea-autosize whether or
 * not a field grows, about 1.2 KiB gzip on every form page. We use fixed rows. Textarea.test.tsx holds the
 * markup equal to Mantine's.
 */
export const Textarea = forwardRef<HTMLTextAreaElement, Omit<TextareaProps, "autosize" | "minRows" | "maxRows">>(function Textarea(
  { __staticSelector, resize, ...others },
  ref,
) {
  return (
    <InputBase
      component="textarea"
      ref={ref}
      size="sm"
      {...others}
      __staticSelector={__staticSelector || "Textarea"}
      multiline
      __vars={{ "--input-resize": resize }}
    />
  );
});
