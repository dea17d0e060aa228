import { useCallback, useEffect, useState, type ChangeEvent, type FocusEvent } from "react";
import { formValues, type FieldErrors, type MessageKey } from "~/lib/forms";

/**
 * Field errors for a server-checked form, refined on blur when JavaScript runs (section 5: "on blur").
 * The server's answer is the truth after each submit; blur runs the same pure rules early. Typing in a
 * field clears its message at once, so the layout does not jump under the pointer when the user then
 * clicks a button (the blur of that click would otherwise remove the line and move the button away).
 */
export function useFieldErrors(server: FieldErrors | undefined, check: (v: Record<string, string>) => FieldErrors) {
  const [client, setClient] = useState<Partial<Record<string, MessageKey | null>>>({});
  useEffect(() => setClient({}), [server]);
  const fieldOf = (t: EventTarget) => {
    const el = t as HTMLInputElement;
    return el.name && el.type !== "hidden" && el.type !== "checkbox" && el.type !== "radio" && el.tagName !== "BUTTON" ? el.name : null;
  };
  const onBlur = useCallback(
    (e: FocusEvent<HTMLFormElement>) => {
      const name = fieldOf(e.target);
      // Focus going to one of this form's buttons means a submit is coming: the server answers for it.
      const next = e.relatedTarget as HTMLElement | null;
      if (!name || (next?.tagName === "BUTTON" && e.currentTarget.contains(next))) return;
      const found = check(formValues(new FormData(e.currentTarget)))[name];
      if (found) setClient((c) => (c[name] === found ? c : { ...c, [name]: found }));
    },
    [check],
  );
  const onChange = useCallback((e: ChangeEvent<HTMLFormElement>) => {
    const name = fieldOf(e.target);
    if (name) setClient((c) => (name in c && c[name] === null ? c : { ...c, [name]: null }));
  }, []);
  const errorOf = (name: string): MessageKey | undefined => (name in client ? (client[name] ?? undefined) : server?.[name]);
  return { onBlur, onChange, errorOf };
}
