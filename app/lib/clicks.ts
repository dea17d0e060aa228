/**
 * A plain left click: no modifier asks the browser for a new tab or window, a download or a selection. Links
 * that open something in the page (a dialog, in-page navigation) handle only these and leave the rest to the
 * browser, as a Remix <Link> does.
 */
export function isPlainLeftClick(e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
