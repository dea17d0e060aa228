import { z } from "zod";
import { CLIENT_KINDS, CLIENT_PLATFORMS } from "../app-store.ts";
import { textField } from "./check.ts";

/**
 * A desktop client release's fields (MaterialAPP/UploadClientRelease, /steelApp/deskAppInfo). Kinds come as
 * "88,3" (the page joins its checkboxes; the API gets one multipart field). The file is checked apart: its
 * size by both, its type and bytes by the API.
 */
export const clientReleaseSchema = z.object({
  Version: z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string()
      .trim()
      .min(1, "versionRequired")
      .max(40, "versionInvalid")
      .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, "versionInvalid"),
  ),
  Platform: z.enum(CLIENT_PLATFORMS, "platformInvalid"),
  Kinds: z.preprocess(
    (v) => [
      ...new Set(
        String(v ?? "")
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean)
          .map(Number),
      ),
    ],
    z.array(z.number().refine((k) => (CLIENT_KINDS as readonly number[]).includes(k), "kindsInvalid")).min(1, "kindsRequired"),
  ),
  Notes: textField(2000, "notesTooLong"),
});
export type ClientReleaseInput = z.infer<typeof clientReleaseSchema>;

/** Every key the schema and the API's file checks answer; each has a text in four languages. */
export const CLIENT_RELEASE_ERRORS = [
  "versionRequired",
  "versionInvalid",
  "platformInvalid",
  "kindsRequired",
  "kindsInvalid",
  "notesTooLong",
  "fileRequired",
  "fileTooLarge",
  "fileType",
  "fileMismatch",
  "taken",
] as const;
