import { describe, expect, it } from "vitest";
import { COMPUTE_CATEGORIES } from "../compute/categories.ts";
import { parseManifestText, validateInputs, validateManifest, type AppManifest } from "./manifest.ts";

const FILES = new Set(["main.py", "README.md", "lib/util.py"]);

/** A complete, valid manifest; each test breaks one thing of a copy. */
function good(): Record<string, any> {
  return {
    id: "carbon-profile",
    version: "1.2.0",
    names: { zh: "渗碳曲线", en: "Carbon profile" },
    descriptions: { zh: "计算渗碳后的碳浓度分布。", en: "Carbon after carburizing." },
    category: "Spread",
    inputs: [
      { name: "temperature_c", kind: "number", label: { zh: "温度", en: "Temperature" }, unit: "°C", min: 800, max: 1100, default: 920 },
      { name: "steps", kind: "integer", label: { zh: "步数" }, min: 1, max: 1000, required: false },
      { name: "model", kind: "choice", label: { zh: "模型" }, choices: ["constant", { value: "tibbetts", label: { zh: "Tibbetts 模型" } }], default: "constant" },
      { name: "note", kind: "text", label: { zh: "备注" }, required: false },
      { name: "profile", kind: "file", label: { zh: "实测曲线" }, accept: [".csv"], required: false },
      { name: "plot", kind: "boolean", label: { zh: "画图" }, default: true },
    ],
    runtime: "python3",
    command: "main.py",
    resources: { cores: 1, memoryMiB: 512, walltimeMin: 10 },
    outputs: [
      { name: "case_depth", kind: "scalar", label: { zh: "有效硬化层深度" }, unit: "mm" },
      { name: "profile", kind: "series", label: { zh: "碳浓度曲线" } },
    ],
    example: { temperature_c: 930, steps: 100, model: "tibbetts" },
    license: "MIT",
    docs: "README.md",
    authors: ["张三"],
    tags: ["carburizing", "diffusion"],
  };
}

/** The errors of a manifest that must be refused. */
function refused(raw: unknown, files = FILES) {
  const r = validateManifest(raw, files);
  if (r.ok) throw new Error("expected the manifest to be refused");
  return r.errors;
}

function withCode(raw: unknown, code: string) {
  const errors = refused(raw);
  const e = errors.find((x) => x.code === code);
  expect(e, `${code} in ${JSON.stringify(errors.map((x) => x.code))}`).toBeDefined();
  for (const lang of ["zh", "en", "es", "ja"] as const) expect(e!.message[lang].length).toBeGreaterThan(3);
  return e!;
}

describe("validateManifest", () => {
  it("accepts a good manifest and normalises it", () => {
    const m = good();
    m.command = "./main.py";
    const r = validateManifest(m, FILES);
    expect(r.ok ? null : r.errors).toBeNull();
    if (!r.ok) return;
    expect(r.manifest.command).toBe("main.py");
    expect(r.manifest.inputs).toHaveLength(6);
    const none = { ...good() };
    delete none.tags;
    const r2 = validateManifest(none, FILES);
    expect(r2.ok && r2.manifest.tags).toEqual([]);
  });

  it("takes its categories from the compute categories", () => {
    for (const c of COMPUTE_CATEGORIES) expect(validateManifest({ ...good(), category: c.category }, FILES).ok).toBe(true);
    const e = withCode({ ...good(), category: "Alchemy" }, "category-unknown");
    expect(e.path).toBe("category");
    expect(e.message.zh).toContain("Alchemy");
    expect(e.message.zh).toContain("CALPHAD");
  });

  it("a missing zh name", () => {
    const e = withCode({ ...good(), names: { en: "Carbon profile" } }, "name-zh-required");
    expect(e.message.zh).toBe("必须提供应用的中文名称（names.zh）");
    withCode({ ...good(), names: { zh: "  ", en: "x" } }, "name-zh-required");
    withCode({ ...good(), descriptions: { en: "x" } }, "description-zh-required");
    const m = good();
    m.inputs[0].label = { en: "Temperature" };
    expect(withCode(m, "label-zh-required").path).toBe("inputs[0].label");
  });

  it("a bad semver", () => {
    for (const v of ["1.2", "v1.2.0", "1.2.0.4", "01.2.0", "1.2.0+build", "latest"]) {
      const e = withCode({ ...good(), version: v }, "version-semver");
      expect(e.message.zh).toBe("版本号必须是语义化版本，如 1.2.0 或 1.2.0-beta.1");
    }
    for (const v of ["0.0.1", "1.2.0-beta.1", "10.20.30-rc.2"]) expect(validateManifest({ ...good(), version: v }, FILES).ok).toBe(true);
  });

  it("a bad id", () => {
    for (const id of ["ab", "Carbon", "1carbon", "carbon_profile", "a".repeat(41)]) withCode({ ...good(), id }, "id-format");
  });

  it("a command outside the package or missing from it", () => {
    for (const command of ["../main.py", "/usr/bin/python3", "lib/../../x.py", "C:/x.py", "lib\\util.py"]) {
      const e = withCode({ ...good(), command }, "command-outside");
      expect(e.message.zh).toContain("不能以 / 开头");
    }
    const e = withCode({ ...good(), command: "run.py" }, "command-missing");
    expect(e.message.zh).toBe("应用包中找不到入口文件 run.py");
    expect(validateManifest({ ...good(), command: "lib/util.py" }, FILES).ok).toBe(true);
    // A directory is not an entry file.
    withCode({ ...good(), command: "lib" }, "command-missing");
    withCode({ ...good(), docs: "docs/guide.md" }, "docs-missing");
    withCode({ ...good(), docs: "main.py" }, "docs-not-markdown");
  });

  it("an unknown runtime", () => {
    const e = withCode({ ...good(), runtime: "ruby" }, "runtime-unknown");
    expect(e.message.zh).toContain("python3、bash 或 node");
    withCode({ ...good(), runtime: undefined }, "field-required");
  });

  it("bad input schemas: min > max, choice without choices, stray choices/accept, duplicate names, bad defaults", () => {
    let m = good();
    m.inputs[0].min = 1200;
    expect(withCode(m, "input-min-above-max").message.zh).toBe("inputs[0]：最小值 1200 大于最大值 1100");
    m = good();
    delete m.inputs[2].choices;
    delete m.inputs[2].default;
    withCode(m, "input-choice-without-choices");
    m = good();
    m.inputs[3].choices = ["a"];
    withCode(m, "input-choices-not-choice");
    m = good();
    m.inputs[3].min = 1;
    withCode(m, "input-range-not-numeric");
    m = good();
    m.inputs[0].accept = [".csv"];
    withCode(m, "input-accept-not-file");
    m = good();
    m.inputs[4].accept = ["csv"];
    withCode(m, "input-accept-format");
    m = good();
    m.inputs[1].name = "temperature_c";
    withCode(m, "input-duplicate-name");
    m = good();
    m.inputs[1].name = "2fast";
    withCode(m, "input-name-format");
    m = good();
    m.inputs[0].kind = "slider";
    withCode(m, "input-kind-unknown");
    m = good();
    m.inputs[0].default = 700;
    expect(withCode(m, "input-default-invalid").message.zh).toBe("inputs[0].default：默认值不符合该输入的定义（“温度”不能小于 800 °C）");
    m = good();
    m.inputs[2].default = "fick";
    withCode(m, "input-default-invalid");
  });

  it("an example value out of range or of the wrong kind", () => {
    let m = good();
    m.example.temperature_c = 1500;
    const e = withCode(m, "example-invalid");
    expect(e.path).toBe("example.temperature_c");
    expect(e.message.zh).toBe("示例输入（example）不符合输入定义：“温度”不能大于 1100 °C");
    m = good();
    m.example.model = "fick";
    withCode(m, "example-invalid");
    m = good();
    m.example.unknown_field = 1;
    expect(withCode(m, "example-invalid").path).toBe("example.unknown_field");
  });

  it("too many tags, an over-long tag, no authors, a bad license", () => {
    const e = withCode({ ...good(), tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags-too-many");
    expect(e.message.zh).toBe("标签最多 10 个，现在有 11 个");
    withCode({ ...good(), tags: ["x".repeat(25)] }, "tag-too-long");
    withCode({ ...good(), authors: [] }, "authors-empty");
    withCode({ ...good(), license: "my license!" }, "license-format");
    expect(validateManifest({ ...good(), license: "Apache-2.0 OR MIT" }, FILES).ok).toBe(true);
  });

  it("resources out of range, unknown fields, wrong types, missing fields: one error each", () => {
    const e = withCode({ ...good(), resources: { cores: 16, memoryMiB: 512, walltimeMin: 10 } }, "field-out-of-range");
    expect(e.path).toBe("resources.cores");
    expect(e.message.zh).toBe("resources.cores 必须在 1 到 8 之间");
    withCode({ ...good(), resources: { cores: 1, memoryMiB: 9000, walltimeMin: 10 } }, "field-out-of-range");
    withCode({ ...good(), resources: { cores: 1, memoryMiB: 512, walltimeMin: 0 } }, "field-out-of-range");
    expect(withCode({ ...good(), entry: "main.py" }, "field-unknown").message.zh).toContain("entry");
    expect(withCode({ ...good(), authors: "张三" }, "field-wrong-type").message.zh).toBe("authors 应为数组");
    const m = good();
    delete m.license;
    expect(withCode(m, "field-required").message.zh).toBe("缺少必填字段 license");
    expect(refused("not an object")[0].code).toBe("manifest-not-object");
    // Several mistakes: all of them at once.
    const many = refused({ ...good(), version: "1", runtime: "ruby", category: "X", command: "../x" }).map((x) => x.code);
    expect(many).toEqual(expect.arrayContaining(["version-semver", "runtime-unknown", "category-unknown", "command-outside"]));
  });

  it("parses JSON and YAML manifests and words syntax errors", () => {
    const json = parseManifestText("ferrum-app.json", JSON.stringify(good()));
    expect(json.ok && validateManifest(json.raw, FILES).ok).toBe(true);
    const yaml = parseManifestText("ferrum-app.yaml", "id: carbon-profile\nversion: 1.2.0\ntags: [a, b]\n");
    expect(yaml.ok && (yaml.raw as { version: string }).version).toBe("1.2.0");
    const bad = parseManifestText("ferrum-app.json", "{ id: ");
    expect(!bad.ok && bad.errors[0].code).toBe("manifest-syntax");
    // An alias bomb stops at yaml's alias limit instead of growing in memory.
    const bomb = ["a: &a [x, x, x, x, x, x, x, x, x, x]", ...Array.from({ length: 10 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(", ")}]`)].join("\n");
    expect(parseManifestText("ferrum-app.yml", bomb).ok).toBe(false);
  });
});

describe("validateInputs", () => {
  const manifest = (() => {
    const r = validateManifest(good(), FILES);
    if (!r.ok) throw new Error("fixture");
    return r.manifest as AppManifest;
  })();

  it("normalises values and fills defaults", () => {
    const r = validateInputs(manifest, { temperature_c: "950", steps: 10, model: "tibbetts", plot: "false", profile: "measured.CSV" });
    expect(r.ok ? r.values : r.errors).toEqual({ temperature_c: 950, steps: 10, model: "tibbetts", plot: false, profile: "measured.CSV" });
    const d = validateInputs(manifest, {});
    expect(d.ok ? d.values : d.errors).toEqual({ temperature_c: 920, model: "constant", plot: true });
  });

  it("refuses out-of-range, wrong-type, unknown-choice and unknown inputs, naming the field by its label", () => {
    const r = validateInputs(manifest, { temperature_c: 700, steps: 2.5, model: "fick", plot: "maybe", note: 5, profile: "../x.csv", extra: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const by = Object.fromEntries(r.errors.map((e) => [e.code, e]));
    expect(by["input-below-min"].message.zh).toBe("“温度”不能小于 800 °C");
    expect(by["input-below-min"].message.en).toBe('"Temperature" cannot be less than 800 °C');
    expect(by["input-not-integer"].path).toBe("steps");
    expect(by["input-not-choice"].message.zh).toBe("“模型”必须是以下之一：constant、tibbetts");
    expect(by["input-not-boolean"]).toBeDefined();
    expect(by["input-not-text"]).toBeDefined();
    expect(by["input-file-name"]).toBeDefined();
    expect(by["input-unknown"].path).toBe("extra");
    expect(validateInputs(manifest, { temperature_c: 2000 }).ok).toBe(false);
    expect(validateInputs(manifest, { temperature_c: "12abc" }).ok).toBe(false);
    expect(validateInputs(manifest, { profile: "x.txt" }).ok).toBe(false);
    const req = validateInputs({ inputs: [{ name: "x", kind: "number", label: { zh: "长度" } }] }, {});
    expect(!req.ok && req.errors[0].message.zh).toBe("请填写“长度”");
  });
});
