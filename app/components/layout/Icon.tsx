import sprite from "./icons.svg";

/**
 * Line icons for the layout and the menu: symbols of one cached SVG sprite (icons.svg), each drawn on a 24-unit
 * grid in the current text colour. A reference is a few dozen bytes where the drawing was hundreds, on every
 * icon of every page. Menu entries name theirs in the resource list's Icon field; unknown names get a dot.
 */
export const ICON_NAMES = [
  "menu", "home", "bell", "logout", "user", "globe", "task", "download", "refresh", "close", "chevron", "chevronDown",
  "more", "qr", "phone", "mail", "pin", "clock", "external", "feedback", "cpu", "server", "app-store", "database",
  "dashboard", "flask", "upload", "project", "chart", "document", "settings", "link", "dot", "tag",
] as const;
const NAMES = new Set<string>(ICON_NAMES);

// Resource icons that share a drawing.
const ALIAS: Record<string, string> = { message: "bell", notice: "bell", list: "task", order: "task", shop: "app-store", app: "app-store" };

/** An icon of the sprite, in the current colour; `symbol` is its id there. */
export function SpriteIcon({ symbol, size, strokeWidth, className }: { symbol: string; size: number; strokeWidth: string; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${sprite}#${symbol}`} />
    </svg>
  );
}

export function Icon({ name, size = 18, className }: { name: string; size?: number; className?: string }) {
  const symbol = NAMES.has(name) ? name : NAMES.has(ALIAS[name] ?? "") ? ALIAS[name] : "dot";
  return <SpriteIcon symbol={symbol} size={size} strokeWidth="1.7" className={className ? `fe-icon ${className}` : "fe-icon"} />;
}

export const hasIcon = (name: string) => NAMES.has(name) || name in ALIAS;
