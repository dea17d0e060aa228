import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * A detail page marks its item read while the layout loads the unread badge in parallel, so the badge can
 * still count it. With JavaScript the page reloads its data once to correct the badge at once; without,
 * the next page shows the right count.
 */
export function useBadgeRefresh(wasUnread: boolean, id: string) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (wasUnread && state === "idle") revalidate();
    // Once per opened item: the reload itself answers wasUnread = false.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wasUnread, id]);
}
