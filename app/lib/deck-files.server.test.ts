import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { deckTarGz, readDeckFiles, untar } from "./deck-files.server";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "deck-files-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A case folder archived by the system's tar, as a user would (`tar czf cavity.tgz cavity`). */
function caseArchive(gzip: boolean, extra: Record<string, string | Buffer> = {}): File {
  const root = fs.mkdtempSync(path.join(tmp, "case-"));
  const files: Record<string, string | Buffer> = { "cavity/system/controlDict": "application icoFoam;\n", "cavity/0/U": "internalField uniform (0 0 0);\n", ...extra };
  for (const [p, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    fs.writeFileSync(path.join(root, p), text);
  }
  const out = path.join(root, gzip ? "cavity.tgz" : "cavity.tar");
  execFileSync("tar", [gzip ? "czf" : "cf", out, "-C", root, "cavity"]);
  return new File([fs.readFileSync(out)], path.basename(out));
}

describe("instruction-mode deck files", () => {
  it("unpacks a .tgz case with its folders, dropping the case's own top folder", async () => {
    const r = await readDeckFiles([caseArchive(true)]);
    expect(r).toEqual({ files: { "system/controlDict": "application icoFoam;\n", "0/U": "internalField uniform (0 0 0);\n" } });
  });

  it("reads a plain .tar and long paths (over 100 characters) too", async () => {
    const long = `cavity/constant/${"a".repeat(60)}/${"b".repeat(60)}`;
    const r = await readDeckFiles([caseArchive(false, { [long]: "x\n" })]);
    expect("files" in r && r.files[long.slice("cavity/".length)]).toBe("x\n");
  });

  it("keeps plain files by their base name beside an archive", async () => {
    const r = await readDeckFiles([new File(["<UPF/>\n"], "Si.pz-vbc.UPF"), caseArchive(true)]);
    expect("files" in r && Object.keys(r.files).sort()).toEqual(["0/U", "Si.pz-vbc.UPF", "system/controlDict"]);
  });

  it("skips hidden entries (macOS ._ files) in an archive", async () => {
    const r = await readDeckFiles([caseArchive(true, { "cavity/system/._controlDict": Buffer.from([0, 5, 22, 7]) })]);
    expect("files" in r && Object.keys(r.files).sort()).toEqual(["0/U", "system/controlDict"]);
  });

  it("refuses binary content, naming the file", async () => {
    expect(await readDeckFiles([new File([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1])], "a.out")])).toEqual({ refused: { reason: "notText", name: "a.out" } });
  });

  it("refuses an archive that is not one, and a gzip bomb past the deck limit without inflating it all", async () => {
    expect(await readDeckFiles([new File(["not a tar at all".repeat(40)], "case.tar")])).toEqual({ refused: { reason: "badArchive", name: "case.tar" } });
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x41));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await readDeckFiles([new File([bomb], "bomb.tar.gz")]);
    expect("refused" in r && r.refused.reason).toMatch(/tooLarge|badArchive/);
  });

  it("untar returns null for a truncated entry", () => {
    const header = new Uint8Array(512);
    header.set(new TextEncoder().encode("a.txt"), 0);
    header.set(new TextEncoder().encode("00000001000\0"), 124);
    header[156] = 48;
    expect(untar(header)).toBeNull();
  });

  it("writes an example deck as a .tar.gz that the system's tar lists and that uploads back to the same files", async () => {
    const files = { "system/controlDict": "application icoFoam;\n", "0/U": "uniform (0 0 0);\n", [`constant/${"d".repeat(120)}`]: "long\n" };
    const tgz = deckTarGz("openfoam-example", files);
    const file = path.join(tmp, "example.tar.gz");
    fs.writeFileSync(file, tgz);
    const listed = execFileSync("tar", ["-tzf", file], { encoding: "utf8" }).trim().split("\n").sort();
    expect(listed).toEqual(Object.keys(files).map((f) => `openfoam-example/${f}`).sort());
    expect(await readDeckFiles([new File([tgz], "example.tar.gz")])).toEqual({ files });
  });
});
