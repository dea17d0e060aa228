import type { TFunction } from "i18next";
import type { MessageKey } from "~/lib/forms";

/** The text of a validation key in the user's language (zh verbatim from section 5). */
export const messageOf = (t: TFunction, key: MessageKey | undefined) => (key ? t(`validation.${key}`, { ns: "login" }) : undefined);
