import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

describeEachBackend("compute app forms: CalculateTask/GetAppForm", (t) => {
  const form = (token: string, appId: string, lang = "zh-CN") => t().call("CalculateTask/GetAppForm", { token, query: { appId }, headers: { "accept-language": lang } });

  it("describes carburizing's params from its schema, labelled in the caller's language, with resources and the example deck", async () => {
    const s = await sessionFor(t(), "outside");
    const zh = await form(s.token, "carburizing");
    expect(zh.status, zh.msg).toBe(200);
    const f = zh.returnData;
    expect(f).toMatchObject({ appId: "carburizing", name: "渗碳", category: "Spread", mainInput: "carburize.in", defaultResources: { cores: 1, walltimeMin: 10 } });
    expect(f.maxCores).toBeGreaterThanOrEqual(1);
    const by = Object.fromEntries(f.fields.map((x: { name: string }) => [x.name, x]));
    expect(f.fields.map((x: { name: string }) => x.name).slice(0, 5)).toEqual(["c0", "cs", "temperatureC", "timeH", "depthMm"]);
    expect(by.temperatureC).toMatchObject({ type: "number", label: "渗碳温度", unit: "°C", min: 700, max: 1200, minExclusive: false, required: true, example: 925 });
    expect(by.timeH).toMatchObject({ min: 0, minExclusive: true, max: 1000 });
    expect(by.nodes).toMatchObject({ type: "integer", default: 201, required: false });
    expect(by.diffusivity).toMatchObject({ type: "enum", options: ["constant", "tibbetts"], default: "constant" });
    expect(by.steps).toMatchObject({ type: "integer", default: null, required: false });
    expect(f.exampleDeck).toMatch(/^temperatureC = 925$/m);

    const en = await form(s.token, "carburizing", "en");
    expect(en.returnData.fields[0]).toMatchObject({ name: "c0", label: "Initial carbon", unit: "wt%" });
    // The example deck is a valid instruction-mode input as it stands.
    const r = await t().call("CalculateTask/CreateTask", { token: s.token, json: { appId: "carburizing", mode: "instruction", deck: { [f.mainInput]: f.exampleDeck } } });
    expect(r.status, r.msg).toBe(200);
  });

  it("the category list carries the count of tasks waiting for a slot", async () => {
    const s = await sessionFor(t(), "guest");
    const r = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token });
    expect(typeof r.returnData.pendingCount).toBe("number");
  });

  it("refuses an unknown app and a caller without a session", async () => {
    const s = await sessionFor(t(), "guest");
    const r = await form(s.token, "nope", "en");
    expect(r.status).toBe(404);
    expect(r.msg).toBe("No such compute app");
    const anon = await t().call("CalculateTask/GetAppForm", { query: { appId: "carburizing" } });
    expect(anon.status).not.toBe(200);
  });

  it("selects read in the caller's language: yes/no everywhere, and an app's own option labels", async () => {
    const s = await sessionFor(t(), "outside");
    const field = async (appId: string, name: string, lang: string) =>
      (await form(s.token, appId, lang)).returnData.fields.find((f: { name: string }) => f.name === name);
    expect(await field("qe-pw", "kShifted", "zh-CN")).toMatchObject({ options: ["yes", "no"], optionLabels: ["是", "否"] });
    expect(await field("calculix", "analysis", "es")).toMatchObject({ options: ["static", "heat"], optionLabels: ["Estático", "Transferencia de calor estacionaria"] });
    expect((await field("carburizing", "temperatureC", "en")).optionLabels).toBeNull();
  });
});
