import { z } from "zod";
import { DATA_RESOURCE_KINDS } from "../data-resources.ts";
import { idField, requiredText, textField, versionField } from "./check.ts";
import { DATA_RESOURCE_LIMITS as L } from "./limits.ts";

/**
 * A data resource a SystemAdmin adds (DataResource/SaveDataResource, /dataResource/resourceEdit): a name, a
 * kind, a plain-text description and a link, uploaded files, or both. The files are checked by the API
 * (they must exist); "a link or a file" is the API's check too, as only it knows the files.
 */
export const dataResourceSchema = z.object({
  Id: idField("invalid"),
  Name: requiredText(L.name, "nameRequired", "nameTooLong"),
  Kind: z.enum(DATA_RESOURCE_KINDS, "kindInvalid"),
  Description: textField(L.description, "descriptionTooLong"),
  Url: textField(L.url, "urlInvalid").pipe(z.string().refine((u) => u === "" || isWebLink(u), "urlInvalid")),
  Version: versionField,
});
export type DataResourceInput = z.infer<typeof dataResourceSchema>;
export type DataResourceError = "invalid" | "nameRequired" | "nameTooLong" | "kindInvalid" | "descriptionTooLong" | "urlInvalid" | "linkOrFile" | "fileInvalid" | "nameTaken" | "stale";

/** An absolute http(s) address with a host, nothing a browser would run (javascript:, data:). */
function isWebLink(u: string): boolean {
  try {
    const url = new URL(u);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}
