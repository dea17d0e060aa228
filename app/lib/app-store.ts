import { APP_ADMIN_ROLES, type Evaluation, type VersionView } from "../../common/app-store.ts";

/** The app store's pages (docs/app-store.md): paths, states and what the pages read, shared by loaders and components. */
export {
  CRITERIA,
  STORE_SHELVES,
  STORE_SORTS,
  VERSION_STATES,
  type Criterion,
  type Evaluation,
  type StoreApp,
  type StoreCard,
  type StoreSort,
  type VersionState,
  type VersionView,
} from "../../common/app-store.ts";
export const MY_APPS_PATH = "/steelApp/myUploadApp";
export const UPLOAD_APP_PATH = "/steelApp/appUploadAdd";
export const VERSION_PATH = "/steelApp/appUploadEdit";
export const APP_MANAGER_PATH = "/steelApp/myAppManager";
export const STORE_PATH = "/steelAppDashboard/index";
/** Desktop client releases (hidden page; linked from the store and the client download). */
export const DESK_APP_PATH = "/steelApp/deskAppInfo";
export { CLIENT_FILE_TYPES, CLIENT_KINDS, CLIENT_PLATFORMS, CLIENT_RELEASE_MAX_MIB, type ClientKind, type ClientPlatform, type ClientRelease } from "../../common/app-store.ts";
/** Whether someone with these roles administers the app store (the API checks it again on every call). */
export const isAppAdmin = (roleList: ReadonlyArray<{ RoleCode: string }>) => roleList.some((r) => APP_ADMIN_ROLES.includes(r.RoleCode));
/** One release's file, streamed by the web for the logged-in user. */
export const clientReleaseHref = (id: string) => `/download/client-release/${id}`;

/** The largest package the upload takes (the API's limit, docs/app-store.md). */
export const PACKAGE_MAX_MIB = 20;

export const versionHref = (id: string, extra: Record<string, string> = {}) => `${VERSION_PATH}?${new URLSearchParams({ id, ...extra })}`;
export const reviewHref = (id: string, extra: Record<string, string> = {}) => `${APP_MANAGER_PATH}?${new URLSearchParams({ id, ...extra })}`;
export const storeAppHref = (appId: string) => `${STORE_PATH}?app=${encodeURIComponent(appId)}`;
export const runHref = (runId: string) => `/steelResearchCompute/cloudCompute?app=${encodeURIComponent(runId)}`;
export const CONFIRM_RUN_PATH = "/steelApp/intructioConfirmRun";
/** The confirmation step: an app's inputs as its script reads them (params.json) and the command, then run. */
export const confirmRunHref = (appId: string) => `${CONFIRM_RUN_PATH}?app=${encodeURIComponent(appId)}`;
export const taskHref = (taskId: string) => `/steelResearchCompute/computeTaskSource?id=${taskId}`;

export interface Localized {
  zh: string;
  en?: string;
  es?: string;
  ja?: string;
}

export interface ManifestView {
  license: string;
  authors: string[];
  changelog?: string;
  resources: { cores: number; memoryMiB: number; walltimeMin: number };
  command: string;
  inputs: Array<{ name: string; kind: string; label: Localized; unit?: string; min?: number; max?: number; default?: unknown }>;
  outputs: Array<{ name: string; kind: string; label: Localized; unit?: string }>;
  example: Record<string, unknown>;
}

export const EXPERT_PATH = "/steelApp/expertEvaApp";
export const evaluateHref = (id: string, extra: Record<string, string> = {}) => `${EXPERT_PATH}?${new URLSearchParams({ id, ...extra })}`;

export interface VersionDetail extends VersionView {
  Evaluations: Evaluation[];
  Manifest: ManifestView;
  Files: Array<{ Path: string; Bytes: number }>;
  Events: Array<{ Action: string; Comment: string; ActorName: string; At: string }>;
}

export interface PackageProblem {
  Path: string;
  Code: string;
  Message: string;
}

/** A localized manifest text in the page's language, zh standing in. */
export const inLang = (l: Localized, lang: string): string => (l as unknown as Record<string, string | undefined>)[lang] ?? l.zh;
