import { useTranslation } from "react-i18next";
import { fileKind, type FileKind } from "~/lib/attachments";

/** Colour and short label per kind: the colours users know from the office suites. */
const LOOK: Record<FileKind, { color: string; label: string }> = {
  pdf: { color: "#d93025", label: "PDF" },
  word: { color: "#2b579a", label: "W" },
  excel: { color: "#217346", label: "X" },
  powerpoint: { color: "#c43e1c", label: "P" },
  image: { color: "#7b4bb7", label: "IMG" },
  archive: { color: "#a86b00", label: "ZIP" },
  text: { color: "#4f5d6b", label: "TXT" },
  other: { color: "#6b7785", label: "" },
};

/**
 * A small file-type icon (a page with a folded corner and a coloured band), chosen by the name's
 * extension or, failing that, the MIME type. Inline SVG: no requests, works without JavaScript.
 */
export function FileIcon({ name, type, size = 28 }: { name: string; type?: string; size?: number }) {
  const { t } = useTranslation("attachments");
  const kind = fileKind(name, type);
  const { color, label } = LOOK[kind];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={t(`kind.${kind}`)} data-kind={kind} style={{ flex: "none" }}>
      <title>{t(`kind.${kind}`)}</title>
      <path d="M7 2h13l7 7v20a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z" fill="#fff" stroke={color} strokeWidth="1.5" />
      <path d="M20 2v6a1 1 0 0 0 1 1h6" fill="none" stroke={color} strokeWidth="1.5" />
      {kind === "image" ? (
        <path d="M9 25l5-6 4 4 3-3 3 5z" fill={color} opacity=".85" />
      ) : (
        <rect x="3" y="16" width="20" height="9" rx="1.5" fill={color} />
      )}
      {label && kind !== "image" ? (
        <text x="13" y="23" textAnchor="middle" fontSize={label.length > 2 ? 6.5 : 8} fontWeight="700" fill="#fff" fontFamily="Arial, sans-serif">
          {label}
        </text>
      ) : null}
    </svg>
  );
}
