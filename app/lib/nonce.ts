import { createContext, useContext } from "react";

/** The CSP nonce of the page being rendered: entry.server.tsx makes one per request. */
export const NonceContext = createContext<string | undefined>(undefined);

let pageNonce: string | undefined;
/**
 * In the browser, the nonce the server gave this page, read once from one of its scripts: the browser hides the
 * attribute from the DOM but not the property. Elements React adds later that need one (Mantine's responsive
 * style props render <style> tags) carry it, so client-side navigation stays within the policy.
 */
function browserNonce(): string | undefined {
  pageNonce ??= document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
  return pageNonce || undefined;
}

export const useNonce = (): string | undefined => {
  const rendered = useContext(NonceContext);
  return rendered ?? (typeof document === "undefined" ? undefined : browserNonce());
};
