import { Alert } from "~/components/mantine/Alert";
import { Text } from "~/components/mantine/Text";
import { Link, RichTextEditor } from "@mantine/tiptap";
import Image from "@tiptap/extension-image";
import { useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNonce } from "~/lib/nonce";

/**
 * The browser half of RichTextField (app/components/RichTextField.tsx), loaded on demand after hydration:
 * Mantine's tiptap editor writing its HTML into a hidden input, so the surrounding plain form posts it.
 */
export interface RichTextEditorIslandProps {
  name: string;
  initialHtml: string;
  labelId: string;
  invalid: boolean;
  minHeight: number;
  imageUpload: boolean;
}

/** Section 9: undo groups steps typed within 1 s and keeps at most 50 of them. */
const UNDO = { depth: 50, newGroupDelay: 1000 };

/** Section 5: pasted or dropped images of these types; the picker offers .jpg and .png. */
const PASTE_TYPES = new Set(["image/gif", "image/jpeg", "image/png", "image/apng", "image/bmp", "image/x-ms-bmp"]);
const PASTE_EXTENSIONS = /\.(gif|jpe?g|png|apng|bmp)$/i;
const PICKER_ACCEPT = ".jpg,.png";

export const isPasteableImage = (file: File) => (file.type ? PASTE_TYPES.has(file.type) : PASTE_EXTENSIONS.test(file.name));

type Notice = { kind: "busy" | "ok" | "error"; text: string } | null;

export default function RichTextEditorIsland({ name, initialHtml, labelId, invalid, minHeight, imageUpload }: RichTextEditorIslandProps) {
  const { t } = useTranslation("richText");
  const [html, setHtml] = useState(initialHtml);
  const [notice, setNotice] = useState<Notice>(null);
  const picker = useRef<HTMLInputElement>(null);
  // The paste and drop handlers are created once with the editor; they reach the current upload through this.
  const uploadRef = useRef<(files: File[], at?: number) => void>(() => {});
  // tiptap adds its base styles as a <style> element: it needs the page's CSP nonce.
  const nonce = useNonce();

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ undoRedo: UNDO, link: false }),
      Link.configure({ openOnClick: false, protocols: ["http", "https", "mailto", "tel"] }),
      ...(imageUpload ? [Image.configure({ inline: false, allowBase64: false })] : []),
    ],
    content: initialHtml,
    injectNonce: nonce,
    immediatelyRender: true,
    editorProps: {
      attributes: { "aria-labelledby": labelId, "aria-multiline": "true", role: "textbox", ...(invalid ? { "aria-invalid": "true" } : {}) },
      handlePaste(_view, event) {
        const files = Array.from(event.clipboardData?.files ?? []);
        if (!files.length) return false;
        uploadRef.current(files);
        return true;
      },
      handleDrop(view, event, _slice, moved) {
        const files = Array.from(event.dataTransfer?.files ?? []);
        if (moved || !files.length) return false;
        event.preventDefault();
        const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        uploadRef.current(files, pos);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });

  uploadRef.current = (files, at) => {
    if (!editor) return;
    if (!imageUpload) {
      setNotice({ kind: "error", text: t("typeRefused") });
      return;
    }
    void uploadImages(editor, files, at, t, setNotice);
  };

  return (
    <div className="rtf-editor" data-testid={`rich-text-${name}`} data-invalid={invalid || undefined}>
      <RichTextEditor editor={editor} labels={labelsFrom(t)} style={{ ["--rtf-min-height" as string]: `${minHeight}px` }}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H1 />
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            {imageUpload ? (
              <RichTextEditor.Control onClick={() => picker.current?.click()} aria-label={t("image")} title={t("image")} data-testid="rtf-image">
                <ImageIcon />
              </RichTextEditor.Control>
            ) : null}
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
      {imageUpload ? (
        <input
          ref={picker}
          type="file"
          accept={PICKER_ACCEPT}
          hidden
          onChange={(e) => {
            const files = Array.from(e.currentTarget.files ?? []);
            e.currentTarget.value = "";
            if (files.length) uploadRef.current(files);
          }}
        />
      ) : null}
      {notice ? (
        notice.kind === "error" ? (
          <Alert color="red" variant="light" role="alert" mt={6} p="xs" data-testid="rtf-notice">
            {notice.text}
          </Alert>
        ) : (
          <Text size="sm" c={notice.kind === "ok" ? "green.8" : "dimmed"} mt={6} role="status" data-testid="rtf-notice">
            {notice.text}
          </Text>
        )
      ) : null}
      <input type="hidden" name={name} value={html} />
      <input type="hidden" name={`${name}Format`} value="html" />
    </div>
  );
}

type T = (key: string) => string;

/** Uploads the images one by one and inserts each where it was dropped (or at the cursor); refuses other files. */
async function uploadImages(editor: Editor, files: File[], at: number | undefined, t: T, setNotice: (n: Notice) => void) {
  const refused = files.filter((f) => !isPasteableImage(f));
  const images = files.filter(isPasteableImage);
  if (refused.length && !images.length) {
    setNotice({ kind: "error", text: t("typeRefused") });
    return;
  }
  for (const file of images) {
    setNotice({ kind: "busy", text: t("uploading") });
    const result = await upload(file);
    if (!result.ok) {
      setNotice({ kind: "error", text: result.msg || t("uploadFailed") });
      return;
    }
    const chain = editor.chain().focus();
    if (at !== undefined) chain.insertContentAt(at, { type: "image", attrs: { src: result.url, alt: file.name } }).run();
    else chain.setImage({ src: result.url, alt: file.name }).run();
  }
  setNotice(refused.length ? { kind: "error", text: t("typeRefused") } : { kind: "ok", text: t("uploaded") });
}

type UploadResult = { ok: true; url: string } | { ok: false; msg?: string };

async function upload(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append("file", file, file.name);
  try {
    const res = await fetch("/attachment/upload", { method: "POST", body, headers: { Accept: "application/json" } });
    const out = (await res.json()) as { ok?: boolean; url?: string; msg?: string };
    return out.ok && typeof out.url === "string" ? { ok: true, url: out.url } : { ok: false, msg: out.msg };
  } catch {
    return { ok: false };
  }
}

function labelsFrom(t: T) {
  return {
    boldControlLabel: t("bold"),
    italicControlLabel: t("italic"),
    underlineControlLabel: t("underline"),
    strikeControlLabel: t("strike"),
    clearFormattingControlLabel: t("clearFormatting"),
    h1ControlLabel: t("h1"),
    h2ControlLabel: t("h2"),
    h3ControlLabel: t("h3"),
    h4ControlLabel: t("h4"),
    bulletListControlLabel: t("bulletList"),
    orderedListControlLabel: t("orderedList"),
    linkControlLabel: t("link"),
    unlinkControlLabel: t("unlink"),
    blockquoteControlLabel: t("blockquote"),
    codeControlLabel: t("code"),
    undoControlLabel: t("undo"),
    redoControlLabel: t("redo"),
    linkEditorInputLabel: t("linkInput"),
    linkEditorInputPlaceholder: t("linkPlaceholder"),
    linkEditorExternalLink: t("linkExternal"),
    linkEditorInternalLink: t("linkInternal"),
    linkEditorSave: t("linkSave"),
  };
}

function ImageIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M21 16l-5-5-9 9" />
    </svg>
  );
}
