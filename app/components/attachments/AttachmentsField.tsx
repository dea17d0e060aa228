import { Button } from "~/components/mantine/Button";
import { Checkbox } from "~/components/Checkbox";
import { Text } from "~/components/mantine/Text";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Toast } from "~/components/Toast";
import { attachmentUrl, formatSize, type AttachmentValue } from "~/lib/attachments";
import type { Toast as ToastData } from "~/lib/cookies.server";
import { FileIcon } from "./FileIcon";

/** A file in the list; `fresh` ones were uploaded by this field just now (and are only referenced here). */
interface Item extends AttachmentValue {
  fresh?: boolean;
}

interface Answer {
  ok: boolean;
  msg: string;
  path?: string;
  name?: string;
  size?: number;
  type?: string;
}

async function post(url: string, body: FormData): Promise<Answer> {
  const res = await fetch(url, { method: "POST", body, headers: { Accept: "application/json" } });
  return (await res.json()) as Answer;
}

/**
 * Attachments inside another page's `<Form method="post" encType="multipart/form-data">`.
 *
 * Posts `<name>` (one hidden input per attached path), `<name>Remove` (ticked paths) and `<name>Upload`
 * (new files). Without JavaScript the page's action turns these into the list to save with
 * `collectAttachments(args, token, formData, name)` from ~/lib/attachments.server (read the body with
 * `readAttachmentForm(request)` there). With JavaScript, chosen files upload at once through
 * /attachment/upload (toast 上传成功!, the reason under the field otherwise) and join the hidden inputs;
 * a file uploaded here can be deleted at once (/attachment/delete). Files that came in `value` keep the
 * remove checkbox: they may belong to a saved record, so they go only when the form is saved.
 *
 * The route must list "attachments" in its `handle.i18n`.
 *
 * @param name  field name, e.g. "Attachments"
 * @param value the attachments the record has now: `[{path, name, size, type}]`
 * @param accept optional `accept` of the file input, e.g. ".pdf,.docx,image/*"
 */
export function AttachmentsField({ name, value, accept }: { name: string; value: AttachmentValue[]; accept?: string }) {
  const { t } = useTranslation("attachments");
  const [items, setItems] = useState<Item[]>(value);
  const [removing, setRemoving] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [toast, setToast] = useState<(ToastData & { at: number }) | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // A new record (e.g. after the action answered) brings a new list.
  const valueKey = value.map((v) => v.path).join(",");
  useEffect(() => {
    setItems(value);
    setRemoving(new Set());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueKey]);

  async function onFiles(e: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(e.currentTarget.files ?? []);
    if (files.length === 0) return;
    setBusy(t("uploading"));
    setErrors([]);
    const failed: string[] = [];
    let done = 0;
    for (const file of files) {
      const body = new FormData();
      body.append("file", file, file.name);
      try {
        const a = await post("/attachment/upload", body);
        if (a.ok && a.path) {
          const added: Item = { path: a.path, name: a.name ?? file.name, size: a.size ?? file.size, type: a.type ?? file.type, fresh: true };
          setItems((prev) => [...prev.filter((i) => i.path !== added.path), added]);
          done++;
        } else failed.push(`${file.name}: ${a.msg || t("failed")}`);
      } catch {
        failed.push(`${file.name}: ${t("failed")}`);
      }
    }
    // Uploaded already: the form must not send the files a second time.
    if (input.current) input.current.value = "";
    setBusy(null);
    setErrors(failed);
    if (done > 0) setToast({ kind: "success", text: t("uploaded"), at: Date.now() });
  }

  async function onDelete(item: Item) {
    setBusy(t("deleting"));
    setErrors([]);
    const body = new FormData();
    body.append("path", item.path);
    try {
      const a = await post("/attachment/delete", body);
      if (a.ok) {
        setItems((prev) => prev.filter((i) => i.path !== item.path));
        setToast({ kind: "success", text: t("deleted"), at: Date.now() });
      } else setErrors([`${item.name}: ${a.msg || t("failed")}`]);
    } catch {
      setErrors([`${item.name}: ${t("failed")}`]);
    }
    setBusy(null);
  }

  const toggleRemove = (path: string, on: boolean) =>
    setRemoving((prev) => {
      const next = new Set(prev);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });

  const inputId = `${name}-upload`;
  return (
    <fieldset className="fe-att-field" data-testid={`attachments-${name}`} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 500, fontSize: "var(--mantine-font-size-sm)", marginBottom: 6 }}>{t("field.label")}</legend>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("field.empty")}
        </Text>
      ) : (
        <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
          {items.map((item) => (
            <li key={item.path} style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "4px 8px", minWidth: 0 }} data-testid="attachment-item">
              <input type="hidden" name={name} value={item.path} />
              <FileIcon name={item.name} type={item.type} size={24} />
              <a
                href={attachmentUrl(item.path)}
                target="_blank"
                rel="noopener"
                aria-label={t("field.download", { name: item.name })}
                style={{ overflowWrap: "anywhere", minWidth: 0, flex: "1 1 8rem", textDecoration: removing.has(item.path) ? "line-through" : undefined }}
              >
                {item.name}
              </a>
              <Text span size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {formatSize(item.size)}
              </Text>
              {item.fresh ? (
                <Button type="button" size="compact-xs" variant="subtle" color="red" disabled={!!busy} onClick={() => void onDelete(item)}>
                  {t("field.delete")}
                </Button>
              ) : (
                <Checkbox
                  size="xs"
                  name={`${name}Remove`}
                  value={item.path}
                  label={t("field.remove")}
                  checked={removing.has(item.path)}
                  onChange={(e) => toggleRemove(item.path, e.currentTarget.checked)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {items.some((i) => !i.fresh) ? (
        <Text size="xs" c="dimmed" mt={4}>
          {t("field.removeHint")}
        </Text>
      ) : null}
      <div style={{ marginTop: 8, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8 }}>
        <label htmlFor={inputId} style={{ fontSize: "var(--mantine-font-size-sm)" }}>
          {t("field.add")}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          name={`${name}Upload`}
          multiple
          accept={accept}
          onChange={(e) => void onFiles(e)}
          disabled={!!busy}
          style={{ maxWidth: "100%", fontSize: "var(--mantine-font-size-sm)" }}
          aria-describedby={`${inputId}-hint`}
        />
      </div>
      <Text id={`${inputId}-hint`} size="xs" c="dimmed" mt={4}>
        {busy ?? t("field.hint")}
      </Text>
      {errors.length > 0 ? (
        <div role="alert" data-testid="attachment-errors" style={{ color: "var(--mantine-color-red-8)", fontSize: "var(--mantine-font-size-sm)", marginTop: 4 }}>
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      ) : null}
      {toast ? <Toast key={toast.at} toast={toast} /> : null}
    </fieldset>
  );
}
