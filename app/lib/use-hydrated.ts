import { useEffect, useState } from "react";

let hydrating = true;

/**
 * False while React hydrates the server's page (so the first render matches it), true from then on and for
 * anything mounted later in the browser (a client-side navigation).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
