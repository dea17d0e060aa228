import { lazy, Suspense, useEffect, useState } from "react";
import type { RealtimeProps } from "./realtime.client";

// Its own chunk, fetched only after the page is interactive: the SignalR client never weighs on the
// first load of a page, and pages without a signed-in user never load it at all.
const RealtimeIsland = lazy(() => import("./realtime.client"));

/** Mounts the real-time island once the browser is idle after hydration. Renders nothing on the server. */
export function Realtime(props: RealtimeProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 200);
    return () => clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeIsland {...props} />
    </Suspense>
  );
}
