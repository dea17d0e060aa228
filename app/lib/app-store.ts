/** The app store's pages (docs/app-store.md): paths, states and what the pages read, shared by loaders and components. */
export const MY_APPS_PATH = "/steelApp/myUploadApp";
export const UPLOAD_APP_PATH = "/steelApp/appUploadAdd";
export const VERSION_PATH = "/steelApp/appUploadEdit";
export const APP_MANAGER_PATH = "/steelApp/myAppManager";
export const STORE_PATH = "/steelAppDashboard/index";

export const VERSION_STATES = ["testing", "tested", "test-failed", "submitted", "returned", "rejected", "published", "withdrawn"] as const;
export type VersionState = (typeof VERSION_STATES)[number];
export const STORE_SORTS = ["newest", "used", "name"] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

/** The largest package the upload takes (the API's limit, docs/app-store.md). */
export const PACKAGE_MAX_MIB = 20;

export const versionHref = (id: string, extra: Record<string, string> = {}) => `${VERSION_PATH}?${new URLSearchParams({ id, ...extra })}`;
export const reviewHref = (id: string, extra: Record<string, string> = {}) => `${APP_MANAGER_PATH}?${new URLSearchParams({ id, ...extra })}`;
export const storeAppHref = (appId: string) => `${STORE_PATH}?app=${encodeURIComponent(appId)}`;
export const runHref = (runId: string) => `/steelResearchCompute/cloudCompute?app=${encodeURIComponent(runId)}`;
export const taskHref = (taskId: string) => `/steelResearchCompute/computeTaskSource?id=${taskId}`;

/** How a state reads as a badge: the list pages' state colours (detection.css `dt-state`). */
export const STATE_TONE: Record<VersionState, string> = {
  testing: "submitted",
  tested: "received",
  "test-failed": "cancelled",
  submitted: "submitted",
  returned: "cancelled",
  rejected: "cancelled",
  published: "verified",
  withdrawn: "cancelled",
};

export interface VersionView {
  Id: string;
  AppId: string;
  Version: string;
  State: VersionState;
  Name: string;
  Description: string;
  Category: string;
  Runtime: string;
  Tags: string[];
  FileName: string;
  PackageBytes: number;
  Sha256: string;
  TestTaskId: string | null;
  TestStatus: string | null;
  TestError: string | null;
  UploadedBy: string;
  UploadedAt: string;
  SubmittedAt: string | null;
  ReviewedBy: string | null;
  ReviewedAt: string | null;
  ReviewComment: string;
  PublishedAt: string | null;
  RowVersion: number;
  Mine: boolean;
}

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

export interface VersionDetail extends VersionView {
  Manifest: ManifestView;
  Files: Array<{ Path: string; Bytes: number }>;
  Events: Array<{ Action: string; Comment: string; ActorName: string; At: string }>;
}

export interface StoreCard {
  AppId: string;
  RunId: string;
  Version: string;
  Name: string;
  Description: string;
  Category: string;
  Tags: string[];
  Authors: string[];
  OwnerName: string;
  PublishedAt: string;
  Runs: number;
}

export interface StoreApp extends StoreCard {
  DocsHtml: string | null;
  License: string;
  Runtime: string;
  Resources: { cores: number; memoryMiB: number; walltimeMin: number };
  Inputs: Array<{ Name: string; Label: string; Unit: string | null }>;
  Outputs: Array<{ Name: string; Label: string; Kind: string; Unit: string | null }>;
  Versions: Array<{ Version: string; RunId: string; PublishedAt: string; Changelog: string }>;
}

export interface PackageProblem {
  Path: string;
  Code: string;
  Message: string;
}

/** A localized manifest text in the page's language, zh standing in. */
export const inLang = (l: Localized, lang: string): string => (l as unknown as Record<string, string | undefined>)[lang] ?? l.zh;
