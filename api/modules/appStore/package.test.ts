import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_LIMITS, readPackage } from "./package.ts";
import { writeTarGz, writeZip, type TarSpec, type ZipSpec } from "./test-archives.ts";

const MANIFEST = {
  id: "hello-app",
  version: "0.1.0",
  names: { zh: "你好", en: "Hello" },
  descriptions: { zh: "示例应用" },
  category: "Other",
  inputs: [{ name: "n", kind: "integer", label: { zh: "次数" }, min: 1, max: 10, default: 3 }],
  runtime: "python3",
  command: "main.py",
  resources: { cores: 1, memoryMiB: 256, walltimeMin: 1 },
  outputs: [{ name: "total", kind: "scalar", label: { zh: "总数" } }],
  example: { n: 2 },
  license: "MIT",
  docs: "docs/README.md",
  authors: ["李四"],
};
const GOOD: Array<{ name: string; body: string }> = [
  { name: "ferrum-app.json", body: JSON.stringify(MANIFEST) },
  { name: "main.py", body: "print('hello')\n" },
  { name: "docs/README.md", body: "# Hello\n" },
];

let base: string;
let input: string;
let out: string;
let n = 0;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "appstore-pkg-"));
  input = join(base, "in");
  out = join(base, "out");
  await mkdir(input);
  await mkdir(out);
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

async function zip(entries: ZipSpec[]): Promise<string> {
  const file = join(input, `p${++n}.zip`);
  await writeZip(file, entries);
  return file;
}
async function tgz(entries: TarSpec[]): Promise<string> {
  const file = join(input, `p${++n}.tar.gz`);
  await writeTarGz(file, entries);
  return file;
}

/**
 * Reads a package that must be refused with `code`, and checks that nothing was left on disk: no
 * destination, no temp dir beside it, nothing new anywhere under the test's folder or at `extra` paths.
 */
async function refusedWith(file: string, code: string, extra: string[] = [], limits = PACKAGE_LIMITS) {
  const dest = join(out, `dest${n}`);
  const before = await readdir(out);
  const r = await readPackage(file, dest, limits);
  expect(r.ok ? "accepted" : r.errors.map((e) => e.code)).toEqual([code]);
  if (r.ok) return;
  expect(r.errors[0].message.zh.length).toBeGreaterThan(5);
  expect(await readdir(out)).toEqual(before);
  expect(existsSync(dest)).toBe(false);
  expect(await readdir(base)).toEqual(["in", "out"]);
  for (const p of extra) expect(existsSync(p), p).toBe(false);
  return r.errors[0];
}

// Archives of hundreds of MiB and real sandboxed runs: seconds each, more on a loaded 2-core machine.
describe("readPackage: good packages", { timeout: 60_000 }, () => {
  it("reads a zip with the manifest at its root", async () => {
    const dest = join(out, "good-zip");
    const r = await readPackage(await zip([...GOOD, { name: "docs/" }]), dest);
    expect(r.ok ? null : r.errors).toBeNull();
    if (!r.ok) return;
    expect(r.root).toBe(dest);
    expect(r.files).toEqual(["docs/README.md", "ferrum-app.json", "main.py"]);
    expect(r.manifest.id).toBe("hello-app");
    expect(await readFile(join(dest, "main.py"), "utf8")).toBe("print('hello')\n");
    expect((await stat(join(dest, "main.py"))).mode & 0o777).toBe(0o644);
    expect((await readdir(out)).filter((f) => f.includes("partial"))).toEqual([]);
  });

  it("reads a tar.gz whose files sit in one top-level folder", async () => {
    const dest = join(out, "good-tgz");
    const r = await readPackage(await tgz([{ name: "hello/" }, ...GOOD.map((g) => ({ ...g, name: `hello/${g.name}` }))]), dest);
    expect(r.ok ? null : r.errors).toBeNull();
    if (!r.ok) return;
    expect(r.root).toBe(join(dest, "hello"));
    expect(r.files).toEqual(["docs/README.md", "ferrum-app.json", "main.py"]);
  });

  it("reads a YAML manifest", async () => {
    const yaml = `id: hello-yaml\nversion: 1.0.0\nnames: {zh: 你好}\ndescriptions: {zh: 示例}\ncategory: Other\ninputs: []\nruntime: bash\ncommand: run.sh\nresources: {cores: 1, memoryMiB: 128, walltimeMin: 1}\noutputs: [{name: x, kind: scalar, label: {zh: x}}]\nexample: {}\nlicense: MIT\nauthors: [王五]\n`;
    const r = await readPackage(await zip([{ name: "ferrum-app.yaml", body: yaml }, { name: "run.sh", body: "echo hi\n" }]), join(out, "good-yaml"));
    expect(r.ok && r.manifest.runtime).toBe("bash");
  });
});

describe("readPackage: refused packages leave nothing behind", { timeout: 60_000 }, () => {
  it("zip: a ../ entry (path traversal)", async () => {
    const e = await refusedWith(await zip([...GOOD, { name: "../evil", body: "x" }]), "entry-traversal", [join(out, "evil"), join(base, "evil")]);
    expect(e?.message.zh).toContain("../evil");
    await refusedWith(await zip([...GOOD, { name: "docs/../../../evil2", body: "x" }]), "entry-traversal", [join(base, "evil2")]);
  });

  it("zip: an absolute path entry", async () => {
    const target = join(base, "abs-evil");
    await refusedWith(await zip([...GOOD, { name: target, body: "x" }]), "entry-absolute", [target]);
  });

  it("zip: a symlink entry pointing to /etc/passwd", async () => {
    await refusedWith(await zip([...GOOD, { name: "passwd", body: "/etc/passwd", mode: 0o120777 }]), "entry-symlink");
  });

  it("zip: a device file entry", async () => {
    await refusedWith(await zip([...GOOD, { name: "null", body: "", mode: 0o020666 }]), "entry-special");
  });

  it("zip: a bomb (300 MiB of zeros in a few hundred KB) declared honestly", async () => {
    const file = await zip([...GOOD, { name: "zeros.bin", body: { zeros: 300 * 1024 * 1024 } }]);
    expect((await stat(file)).size).toBeLessThan(2 * 1024 * 1024);
    const e = await refusedWith(file, "file-too-large");
    expect(e?.message.zh).toContain("50 MiB");
  });

  it("zip: a bomb whose header claims 1 KiB: stopped while inflating", async () => {
    const file = await zip([...GOOD, { name: "zeros.bin", body: { zeros: 300 * 1024 * 1024 }, declaredSize: 1024 }]);
    await refusedWith(file, "size-mismatch");
  });

  it("zip: the total counted while inflating, across entries", async () => {
    const entries: ZipSpec[] = [...GOOD, ...Array.from({ length: 5 }, (_, i) => ({ name: `data${i}.bin`, body: { zeros: 3 * 1024 * 1024 } }))];
    await refusedWith(await zip(entries), "total-too-large", [], { ...PACKAGE_LIMITS, maxTotalBytes: 10 * 1024 * 1024 });
    // One file over its own limit while inflating (a limit below the declared size is caught up front).
    await refusedWith(await zip([...GOOD, { name: "big.bin", body: { zeros: 2 * 1024 * 1024 } }]), "file-too-large", [], { ...PACKAGE_LIMITS, maxFileBytes: 1024 * 1024 });
  });

  it("zip: more than 2,000 entries", async () => {
    const entries: ZipSpec[] = [...GOOD, ...Array.from({ length: 2000 }, (_, i) => ({ name: `f/${i}.txt`, body: "x" }))];
    await refusedWith(await zip(entries), "too-many-entries");
  });

  it("tar.gz: ../, absolute, symlink, hard link, device and fifo entries", async () => {
    await refusedWith(await tgz([...GOOD, { name: "../evil", body: "x" }]), "entry-traversal", [join(out, "evil")]);
    await refusedWith(await tgz([...GOOD, { name: join(base, "abs-tar"), body: "x" }]), "entry-absolute", [join(base, "abs-tar")]);
    await refusedWith(await tgz([...GOOD, { name: "passwd", type: "SymbolicLink", linkpath: "/etc/passwd" }]), "entry-symlink");
    await refusedWith(await tgz([...GOOD, { name: "shadow", type: "Link", linkpath: "/etc/shadow" }]), "entry-hardlink");
    await refusedWith(await tgz([...GOOD, { name: "tty", type: "CharacterDevice" }]), "entry-special");
    await refusedWith(await tgz([...GOOD, { name: "pipe", type: "FIFO" }]), "entry-special");
  });

  it("tar.gz: a 300 MiB file of zeros, and a gzip bomb of zero blocks after the archive's end", async () => {
    await refusedWith(await tgz([...GOOD, { name: "zeros.bin", body: { zeros: 300 * 1024 * 1024 } }]), "file-too-large");
    // 300 MiB of zero blocks after the end marker: reading stops at the marker, so they are never inflated
    // (node-tar alone would buffer all of them) and the package inside reads as usual.
    const bomb = join(input, `p${++n}.tar.gz`);
    await writeTarGz(bomb, GOOD, 300 * 1024 * 1024);
    expect((await stat(bomb)).size).toBeLessThan(2 * 1024 * 1024);
    const started = process.hrtime.bigint();
    const r = await readPackage(bomb, join(out, "after-eof"));
    expect(r.ok).toBe(true);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000);
    // A gzip inside the gzip would be inflated by node-tar past our counts: refused.
    const nested = join(input, `p${++n}.tar.gz`);
    await writeFile(nested, gzipSync(await readFile(bomb)));
    await refusedWith(nested, "package-format");
  });

  it("tar.gz: more than 2,000 entries", async () => {
    await refusedWith(await tgz([...GOOD, ...Array.from({ length: 2000 }, (_, i) => ({ name: `f/${i}.txt`, body: "x" }))]), "too-many-entries");
  });

  it("a duplicate entry, a package over 20 MiB, a file that is no archive, a damaged archive", async () => {
    await refusedWith(await zip([...GOOD, { name: "main.py", body: "import os\n" }]), "entry-duplicate");
    const big = join(input, `p${++n}.zip`);
    await writeFile(big, Buffer.from("PK\x03\x04"));
    await truncate(big, 20 * 1024 * 1024 + 1);
    await refusedWith(big, "package-too-large");
    const txt = join(input, `p${++n}.zip`);
    await writeFile(txt, "just text");
    await refusedWith(txt, "package-format");
    const good = await zip(GOOD);
    const cut = join(input, `p${++n}.zip`);
    await writeFile(cut, (await readFile(good)).subarray(0, 60));
    await refusedWith(cut, "package-corrupt");
    const gz = await tgz(GOOD);
    const cutGz = join(input, `p${++n}.tar.gz`);
    await writeFile(cutGz, (await readFile(gz)).subarray(0, 40));
    await refusedWith(cutGz, "package-corrupt");
  });

  it("no manifest at the root, two manifests, an invalid manifest", async () => {
    await refusedWith(await zip([{ name: "main.py", body: "x" }]), "manifest-missing");
    await refusedWith(await zip([{ name: "a/ferrum-app.json", body: "{}" }, { name: "b/x", body: "x" }]), "manifest-missing");
    await refusedWith(await zip([...GOOD, { name: "ferrum-app.yaml", body: "id: x" }]), "manifest-ambiguous");
    await refusedWith(await zip([{ name: "ferrum-app.json", body: JSON.stringify({ ...MANIFEST, version: "1.0" }) }, ...GOOD.slice(1)]), "version-semver");
    const r = await readPackage(await zip([{ name: "ferrum-app.json", body: JSON.stringify(MANIFEST) }]), join(out, "no-files"));
    expect(r.ok ? [] : r.errors.map((e) => e.code)).toEqual(["command-missing", "docs-missing"]);
    expect(existsSync(join(out, "no-files"))).toBe(false);
  });
});
