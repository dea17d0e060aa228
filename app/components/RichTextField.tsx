import { Textarea } from "~/components/Textarea";
import type { LinksFunction } from "@remix-run/node";
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import tiptapStyles from "@mantine/tiptap/styles.css";
import richTextStyles from "~/components/rich-text.css";
import { SafeHtml } from "~/components/SafeHtml";
import { htmlToText, textToHtml } from "~/lib/rich-text";

/**
 * A rich-text form field that works without JavaScript. The server renders a plain <textarea name> and a
 * hidden `<name>Format` = "text"; once the page is hydrated the Mantine tiptap editor is imported on
 * demand (tiptap stays out of every page's first-load JavaScript) and takes the textarea's place, posting
 * HTML in a hidden `<name>` and "html" in `<name>Format`. Read the posted value with `richTextFrom`
 * (app/lib/rich-text.ts); the server sanitises it either way.
 *
 * `defaultValue` is HTML that came out of `sanitizeRichText` in the loader (readOnly renders it as is).
 * Pages using the field add `richTextFieldLinks()` to `links` and "richText" to `handle.i18n`.
 */
export interface RichTextFieldProps {
  name: string;
  defaultValue?: string;
  label?: ReactNode;
  error?: ReactNode;
  readOnly?: boolean;
  /** Height of the writing area in px. */
  minHeight?: number;
  /** Pasted, dropped or picked images are uploaded and inserted (section 5: gif, jpg, jpeg, png, apng, bmp). */
  imageUpload?: boolean;
}

export const richTextFieldLinks: LinksFunction = () => [
  { rel: "stylesheet", href: tiptapStyles },
  { rel: "stylesheet", href: richTextStyles },
];

/**
 * Mantine's Input.Wrapper as this field uses it (its label a <div>: the editor is not a labelable element, so it
 * points at the label with aria-labelledby), drawn directly like the other fields (InputWrapper.tsx); held equal to
 * Mantine's by TextInput.test.tsx.
 */
export function FieldFrame({ id, label, error, children }: { id: string; label?: ReactNode; error?: ReactNode; children: ReactNode }) {
  return (
    <div className="m_46b77525 mantine-InputWrapper-root" data-error={error ? true : undefined}>
      {label ? (
        <div className="m_8fdc1311 mantine-InputWrapper-label" id={`${id}-label`}>
          {label}
        </div>
      ) : null}
      {children}
      {error ? (
        <p className="m_8f816625 mantine-InputWrapper-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const Editor = lazy(() => import("~/islands/rich-text-editor.client"));

export function RichTextField({ name, defaultValue = "", label, error, readOnly, minHeight = 200, imageUpload }: RichTextFieldProps) {
  const id = useId();
  if (readOnly) {
    return (
      <FieldFrame id={id} label={label} error={error}>
        <div className="rtf-readonly" style={{ minHeight: Math.min(minHeight, 120) }} aria-labelledby={`${id}-label`}>
          <SafeHtml html={defaultValue} />
        </div>
        <input type="hidden" name={name} value={defaultValue} />
        <input type="hidden" name={`${name}Format`} value="html" />
      </FieldFrame>
    );
  }
  return <EditableField id={id} name={name} defaultValue={defaultValue} label={label} error={error} minHeight={minHeight} imageUpload={imageUpload} />;
}

type EditableProps = Omit<RichTextFieldProps, "readOnly" | "defaultValue" | "minHeight"> & { id: string; defaultValue: string; minHeight: number };

function EditableField({ id, name, defaultValue, label, error, minHeight, imageUpload }: EditableProps) {
  const initialText = useRef(htmlToText(defaultValue)).current;
  const [text, setText] = useState(initialText);
  const [enhanced, setEnhanced] = useState(false);
  // Runs only in the browser after hydration: the server and the first client render agree on the textarea.
  useEffect(() => setEnhanced(true), []);

  const textarea = (
    <>
      <Textarea
        id={id}
        name={name}
        label={label}
        error={error}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        // A fixed height the user can drag: autosizing would need JavaScript, which this fallback is for.
        rows={Math.max(4, Math.round(minHeight / 24))}
        resize="vertical"
        className="rtf-textarea"
      />
      <input type="hidden" name={`${name}Format`} value="text" />
    </>
  );
  if (!enhanced) return textarea;
  // Whatever was typed into the textarea before the editor arrived carries over.
  const initialHtml = text === initialText ? defaultValue : textToHtml(text);
  return (
    <Suspense fallback={textarea}>
      <FieldFrame id={id} label={label} error={error}>
        <Editor name={name} initialHtml={initialHtml} labelId={`${id}-label`} invalid={Boolean(error)} minHeight={minHeight} imageUpload={Boolean(imageUpload)} />
      </FieldFrame>
    </Suspense>
  );
}
