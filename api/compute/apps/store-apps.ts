import type { AppDefinition } from "./types.ts";
import { APP_ADMIN_ROLES } from "../../../common/app-store.ts";

/**
 * The app store's apps as compute apps (docs/app-store.md): each uploaded version whose package passed its
 * checks is an AppDefinition with the id `store:<app id>@<version>`, so tasks, their pages, the executor and the
 * statistics treat it like a built-in app. The definitions are built by the app store module from the database;
 * this registry only keeps them, so the compute layer needs no database.
 */
export const STORE_APP_PREFIX = "store:";

export const storeAppId = (appId: string, version: string) => `${STORE_APP_PREFIX}${appId}@${version}`;
export const isStoreAppId = (id: string) => id.startsWith(STORE_APP_PREFIX);

/** Who may start a task of a version: anyone once it is published, else its author (the test run) and app administrators. */
export interface StoreAppEntry {
  app: AppDefinition<any>;
  published: boolean;
  ownerId: string | null;
}

const entries = new Map<string, StoreAppEntry>();
let loader: ((id: string) => Promise<StoreAppEntry | null>) | null = null;

export function putStoreApp(entry: StoreAppEntry): void {
  entries.set(entry.app.id, entry);
}

export const storeAppEntry = (id: string): StoreAppEntry | undefined => entries.get(id);

/** The app store module's way to read a version from the database (set when it registers). */
export function setStoreAppLoader(load: (id: string) => Promise<StoreAppEntry | null>): void {
  loader = load;
}

/**
 * Reads a store app's version again from the database before it is used: another API instance on the same
 * database may have added it or changed its state since this one last looked. Built-in ids pass untouched.
 */
export async function refreshStoreApp(id: string): Promise<void> {
  if (!isStoreAppId(id) || !loader) return;
  const entry = await loader(id);
  if (entry) entries.set(id, entry);
  else entries.delete(id);
}

export { APP_ADMIN_ROLES };

/** Built-in apps: anyone; a store version: anyone once published, else its author and app administrators. */
export function mayStartStoreApp(id: string, user: { id: string; roles: readonly string[] }): boolean {
  if (!isStoreAppId(id)) return true;
  const entry = entries.get(id);
  if (!entry) return false;
  return entry.published || entry.ownerId === user.id || user.roles.some((r) => APP_ADMIN_ROLES.includes(r));
}
