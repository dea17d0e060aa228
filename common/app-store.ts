/**
 * The app store's shapes shared by the API's answers and the pages (docs/app-store.md): a version with its state,
 * a store card and an app's page. No zod: pages use this in the browser.
 */
/** App administrators: they review unpublished versions, may run them and publish desktop clients (docs/access.md, steelApp). */
export const APP_ADMIN_ROLES: readonly string[] = ["SystemAdmin"];

export const VERSION_STATES = ["testing", "tested", "test-failed", "submitted", "returned", "rejected", "published", "withdrawn"] as const;
export type VersionState = (typeof VERSION_STATES)[number];
export const STORE_SORTS = ["newest", "used", "rated", "name"] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

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

/** The store page's shelves above the list: featured by the app administrators, most used, best rated, newest. */
export const STORE_SHELVES = ["featured", "used", "rated", "newest"] as const;
export type StoreShelf = (typeof STORE_SHELVES)[number];

/** MaterialAPP/GetStore's answer: a page of cards, and with `shelves` the store page's three shelves. */
export interface StorePage {
  total: number;
  page: number;
  size: number;
  rows: StoreCard[];
  Shelves?: Record<StoreShelf, StoreCard[]>;
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
  /** The average of its ratings (one decimal), null before the first. */
  Rating: number | null;
  Ratings: number;
  /** Featured by an app administrator (the store's first shelf). */
  Featured: boolean;
}

export interface StoreApp extends StoreCard {
  DocsHtml: string | null;
  License: string;
  Runtime: string;
  /** The package's entry file, run by `Runtime` in the sandbox. */
  Command: string;
  Resources: { cores: number; memoryMiB: number; walltimeMin: number };
  Inputs: Array<{ Name: string; Label: string; Unit: string | null }>;
  Outputs: Array<{ Name: string; Label: string; Kind: string; Unit: string | null }>;
  Versions: Array<{ Version: string; RunId: string; PublishedAt: string; Changelog: string }>;
  Voices: {
    Average: number | null;
    Count: number;
    Reviews: Array<{ UserName: string; Stars: number; Comment: string; Version: string; RatedAt: string }>;
    Mine: { Stars: number; Comment: string } | null;
    CanRate: boolean;
  };
}

/** The criteria experts score a submitted version on, each 1–5 (MaterialAPP/SaveEvaluation). */
export const CRITERIA = ["Correctness", "Documentation", "Usefulness", "Performance"] as const;
export type Criterion = (typeof CRITERIA)[number];

export interface Evaluation {
  ExpertName: string;
  InvitedBy: string;
  InvitedAt: string;
  /** null until the expert saved. */
  Scores: Record<Criterion, number> | null;
  Comment: string;
  EvaluatedAt: string | null;
}

/**
 * Desktop client releases (/steelApp/deskAppInfo, MaterialAPP/*ClientRelease*). The kinds are the spec's
 * VersionContentArray keys: 3 interface file auto-update, 7 interface installer update, 15 install doc update,
 * 31 middle-server interface update, 63 customer-service group QR code, 88 new client update.
 */
export const CLIENT_KINDS = [3, 7, 15, 31, 63, 88] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
/** The kind JHAppServer/DownLoad serves: the newest release carrying it is "the current client". */
export const NEW_CLIENT_KIND = 88;
export const CLIENT_PLATFORMS = ["windows", "macos", "linux", "any"] as const;
export type ClientPlatform = (typeof CLIENT_PLATFORMS)[number];
/** A release's file: installers, archives, the install guide (PDF) or the QR code (PNG/JPEG). */
export const CLIENT_FILE_TYPES = [".exe", ".msi", ".msix", ".zip", ".7z", ".dmg", ".pkg", ".appimage", ".deb", ".rpm", ".tar.gz", ".tgz", ".pdf", ".png", ".jpg", ".jpeg"] as const;
export const CLIENT_RELEASE_MAX_MIB = 100;

export interface ClientRelease {
  Id: string;
  Version: string;
  Platform: ClientPlatform;
  Kinds: ClientKind[];
  Notes: string;
  FileName: string;
  Bytes: number;
  Sha256: string;
  UploadedBy: string;
  UploadedAt: string;
  /** The newest release of its platform carrying 88: what the client download link serves there. */
  Current: boolean;
}
