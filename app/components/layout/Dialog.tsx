import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState, type MouseEvent, type ReactNode } from "react";
import { isPlainLeftClick } from "~/lib/clicks";

/** The current address with one query parameter set (value) or removed (null). */
export function hrefWith(location: { pathname: string; search: string }, name: string, value: string | null): string {
  const q = new URLSearchParams(location.search);
  if (value === null) q.delete(name);
  else q.set(name, value);
  const s = q.toString();
  return location.pathname + (s ? `?${s}` : "");
}

/**
 * A dialog whose open state lives in the address (`?logout=1`, `?dialog=contact`), so the server renders
 * it open and it works without JavaScript. With JavaScript the opening link shows it at once instead of
 * fetching the page again; closing goes back to the address without the parameter.
 */
export function useUrlDialog(name: string, value: string) {
  const location = useLocation();
  const navigation = useNavigation();
  const inUrl = new URLSearchParams(location.search).get(name) === value;
  const [local, setLocal] = useState(false);
  // A navigation (a link in the dialog, or the page changing) closes what was opened in place.
  useEffect(() => setLocal(false), [location.key]);
  return {
    open: inUrl || local,
    openHref: hrefWith(location, name, value),
    closeHref: hrefWith(location, name, null),
    busy: navigation.state !== "idle",
    onOpen(e: MouseEvent) {
      if (!isPlainLeftClick(e)) return;
      e.preventDefault();
      setLocal(true);
    },
    onClose(e: MouseEvent) {
      if (!inUrl) {
        e.preventDefault();
        setLocal(false);
      }
    },
  };
}

/**
 * A modal box on a dimmed page. It does not close on a backdrop click or Escape (section 2): only its own
 * buttons close it.
 */
export function Dialog({
  title,
  children,
  actions,
  width = 420,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  width?: number;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="fe-dialog-backdrop">
      <section
        className="fe-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        style={{ maxWidth: width }}
        data-testid={testId}
      >
        <h2 className="fe-dialog-title" id={`${id}-title`}>
          {title}
        </h2>
        <div className="fe-dialog-body">{children}</div>
        {actions ? <div className="fe-dialog-actions">{actions}</div> : null}
      </section>
    </div>
  );
}

/** The dialog's cancel / close link: back to the address without the dialog's parameter. */
export function DialogClose({ href, onClick, children }: { href: string; onClick: (e: MouseEvent) => void; children: ReactNode }) {
  return (
    <Link to={href} replace preventScrollReset onClick={onClick} className="fe-btn fe-btn-default">
      {children}
    </Link>
  );
}
