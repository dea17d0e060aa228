import fs from "node:fs";
import path from "node:path";
import { projectPath } from "../../../common/project-path.ts";
import type { Config } from "../../config.ts";
import { Raw } from "../../http/router.ts";
import { contentDisposition } from "./names.ts";

/** The command-line client shipped with the API, offered when the deployment names no package of its own. */
export const BUILTIN_CLIENT = projectPath("api/modules/attachments/client/ferrum-client.mjs");

/**
 * JHAppServer/DownLoad's answer: CLIENT_PACKAGE_FILE when configured (checked at start, so a wrong path
 * fails loudly instead of on a user's click), else the built-in client.
 */
export function clientDownload(config: Config): () => Promise<Raw> {
  const configured = config.CLIENT_PACKAGE_FILE ? path.resolve(config.CLIENT_PACKAGE_FILE) : null;
  if (configured && !fs.statSync(configured, { throwIfNoEntry: false })?.isFile()) {
    throw new Error(`CLIENT_PACKAGE_FILE is not a file: ${configured}`);
  }
  const file = configured ?? BUILTIN_CLIENT;
  const type = configured ? "application/octet-stream" : "text/javascript; charset=utf-8";
  return async () => {
    const stat = await fs.promises.stat(file);
    return new Raw(fs.createReadStream(file), {
      "content-type": type,
      "content-length": String(stat.size),
      "content-disposition": contentDisposition(path.basename(file), false),
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox",
    });
  };
}
