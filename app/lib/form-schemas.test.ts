import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.(d|test)\.tsx?$/.test(e.name) && !/\.server\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** A value import (not `import type`) of zod or of a schema module under common/forms/. */
const ZOD_IMPORT = /^import\s+(?!type\b)[^;]*?from\s+"(zod|[./]*common\/forms\/(?!limits\.ts|check\.ts)[^"]+)";/gm;

/**
 * A route module's top-level imports stay in its browser bundle even when only its action uses them: the
 * desktop client page once shipped zod (94 KiB gzip, and a `new Function` probe the CSP reports) by importing
 * its schema directly. Schemas reach the pages through `form-schemas.server.ts` only.
 */
describe("zod stays on the server", () => {
  it("no browser module of the web imports zod or a form schema", () => {
    const offenders = sourceFiles("app").flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(ZOD_IMPORT)].map((m) => `${f}: ${m[1]}`));
    expect(offenders).toEqual([]);
  });

  it("the check finds such an import", () => {
    expect('import { clientReleaseSchema } from "../../common/forms/client-release.ts";'.match(ZOD_IMPORT)).not.toBeNull();
    expect('import { z } from "zod";'.match(ZOD_IMPORT)).not.toBeNull();
    expect('import { PERSON_IMPORT_LIMITS } from "../../common/forms/limits.ts";'.match(ZOD_IMPORT)).toBeNull();
    expect('import type { FieldErrors } from "../../common/forms/check.ts";'.match(ZOD_IMPORT)).toBeNull();
  });
});
