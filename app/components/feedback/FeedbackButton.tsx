import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type MouseEvent } from "react";
import { createPortal } from "react-dom";
import { Icon } from "~/components/layout/Icon";
import { isPlainLeftClick } from "~/lib/clicks";

export const FEEDBACK_PATH = "/feedback";

// Its own chunk (with the editor): fetched only when someone opens the dialog.
const FeedbackDialog = lazy(() => import("./FeedbackDialog"));

/**
 * The floating panel's feedback button. A plain link to /feedback, so it works without JavaScript; with
 * JavaScript it opens the feedback dialog over the current page instead.
 */
export function FeedbackButton({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Signed out (the public pages) the link leads through the login to /feedback rather than to a dialog
  // whose submit would only bounce to the login and lose what was typed.
  const signedIn = useRouteLoaderData("routes/_app") !== undefined;
  // Leaving the page (a link in the dialog, the back button) closes it.
  useEffect(() => setOpen(false), [location.pathname]);
  const onClick = (e: MouseEvent) => {
    if (!signedIn || !isPlainLeftClick(e)) return;
    e.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <Link to={FEEDBACK_PATH} onClick={onClick} className="fe-float-btn" aria-label={label} title={label} data-testid="feedback-button">
        <Icon name="feedback" size={20} />
      </Link>
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <FeedbackDialog onClose={() => setOpen(false)} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
