import { useTranslation } from "react-i18next";
import { attachmentUrl, formatSize, type AttachmentValue } from "~/lib/attachments";
import { attachmentViewHref, isViewable } from "~/lib/documents";
import { FileIcon } from "./FileIcon";

/**
 * Attachments shown read-only (notice and feedback details): icon, name as a download link, size, and a "view"
 * link to /DocumentView for the kinds it shows (PDF, Office, images, text).
 * Renders nothing for an empty list. Routes using it add "attachments" to their `handle.i18n`.
 */
export function AttachmentList({ items, title }: { items: AttachmentValue[]; title?: string }) {
  const { t } = useTranslation("attachments");
  if (items.length === 0) return null;
  return (
    <section className="fe-att-list" aria-label={title ?? t("list.label")} data-testid="attachment-list">
      <h3 style={{ fontSize: "0.95rem", margin: "0 0 0.5rem" }}>{title ?? t("list.label")}</h3>
      <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "0.4rem" }}>
        {items.map((a) => (
          <li key={a.path} style={{ display: "flex", alignItems: "center", gap: "0.5rem", minWidth: 0 }}>
            <FileIcon name={a.name} type={a.type} size={24} />
            <a href={attachmentUrl(a.path)} target="_blank" rel="noopener" style={{ overflowWrap: "anywhere", minWidth: 0 }} title={t("list.open", { name: a.name })}>
              {a.name}
            </a>
            <span style={{ color: "var(--mantine-color-dimmed)", fontSize: "0.8rem", whiteSpace: "nowrap" }}>{formatSize(a.size)}</span>
            {isViewable(a.name) ? (
              <a href={attachmentViewHref(a.path)} aria-label={t("list.viewName", { name: a.name })} style={{ fontSize: "0.85rem", whiteSpace: "nowrap" }} data-testid="attachment-view">
                {t("list.view")}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
