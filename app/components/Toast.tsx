import type { Toast as ToastData } from "~/lib/cookies.server";

/**
 * A server-rendered toast (section 8: 5 s). It hides itself with a CSS animation, so it works without
 * JavaScript; the message may carry HTML from the API only after the server sanitised it (we render text).
 */
export function Toast({ toast }: { toast: ToastData }) {
  return (
    <div className={`ferrum-toast ferrum-toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"} data-testid="toast">
      {toast.text || "Error"}
    </div>
  );
}
