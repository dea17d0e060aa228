import type { App } from "../../app.ts";
import { shippedById } from "./shipped.ts";
import { findVisible, readUpload, UUID } from "./store.ts";

/**
 * A catalogue database's TDB text by its id, for other modules (the CALPHAD apps): a shipped one, or an upload
 * the user may see (their own, a published one, any for an admin). null when there is no such database for
 * this user, so a caller cannot tell someone else's private upload from a missing one.
 */
export async function catalogueDatabaseText(
  app: App,
  user: { id: string; roles: string[] },
  id: string,
): Promise<{ id: string; name: string; fileName: string; text: string } | null> {
  const shipped = shippedById(id);
  if (shipped) return { id: shipped.id, name: shipped.name, fileName: shipped.fileName, text: shipped.text };
  const uuid = id.trim().toLowerCase();
  if (!UUID.test(uuid)) return null;
  const row = await findVisible(app, uuid, { id: user.id, admin: user.roles.includes("SystemAdmin") });
  if (!row) return null;
  const text = await readUpload(app, row.id);
  return text === null ? null : { id: row.id, name: row.name, fileName: row.file_name, text };
}
