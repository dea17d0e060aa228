import { z } from "zod";
import { CLIENT_KINDS, CLIENT_PLATFORMS, type ClientKind, type ClientRelease } from "./app-store.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/** Desktop client releases (docs/app-store.md, "Desktop client"): MaterialAPP/*ClientRelease*. */

const release = z.object({
  Id: z.string(),
  Version: z.string(),
  Platform: z.enum(CLIENT_PLATFORMS),
  Kinds: z.array(z.custom<ClientKind>((v) => (CLIENT_KINDS as readonly unknown[]).includes(v))),
  Notes: z.string(),
  FileName: z.string(),
  Bytes: z.number(),
  Sha256: z.string(),
  UploadedBy: z.string(),
  UploadedAt: z.string(),
  Current: z.boolean(),
}) satisfies z.ZodType<ClientRelease>;

export const listClientReleases = (args: CallArgs, token: string) => api(args, "MaterialAPP/GetClientReleases", { token, schema: z.array(release) });

/** The form's fields as posted (the API checks them with the same schema). */
export interface ReleaseInput {
  Version: string;
  Platform: string;
  /** "88,3" */
  Kinds: string;
  Notes: string;
}

/** Publishes a release (the API checks the fields again, and the file's type and bytes). */
export function uploadClientRelease(args: CallArgs, token: string, input: ReleaseInput, file: File): Promise<ClientRelease> {
  const body = new FormData();
  body.append("Version", input.Version);
  body.append("Platform", input.Platform);
  body.append("Kinds", input.Kinds);
  body.append("Notes", input.Notes);
  body.append("file", file, file.name);
  return api(args, "MaterialAPP/UploadClientRelease", { method: "POST", multipart: body, token, schema: release });
}

export const withdrawClientRelease = (args: CallArgs, token: string, id: string) => api(args, "MaterialAPP/WithdrawClientRelease", { token, json: { Id: id } });
