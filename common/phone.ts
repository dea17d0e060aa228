/*
 * Phone numbers as the pages show and dial them. Kept apart from constants.ts, whose defaults in four languages
 * the browser would otherwise load with the footer on every page.
 */

/**
 * A phone number as people write it in the international form a phone dials from anywhere: "+…" as given,
 * a Chinese number with its trunk 0 ("010-6208 2026") or a mobile ("138 0013 8000") with +86.
 */
export function intlPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return digits;
  if (/^0[1-9]\d{6,}$/.test(digits)) return `+86${digits.slice(1)}`;
  if (/^1\d{10}$/.test(digits)) return `+86${digits}`;
  return digits;
}

/** The tel: address of a phone number ("010-6208 2026" → tel:+861062082026). */
export const telHref = (phone: string) => `tel:${intlPhone(phone)}`;
