import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

describeEachBackend("compute app documentation: CalculateTask/GetAppDoc", (t) => {
  const doc = (token: string, appId: string, lang = "zh-CN") => t().call("CalculateTask/GetAppDoc", { token, query: { appId }, headers: { "accept-language": lang } });

  it("documents carburizing in the caller's language: model, validity, references, the form's inputs with units, the example deck", async () => {
    const s = await sessionFor(t(), "guest");
    const zh = await doc(s.token, "carburizing");
    expect(zh.status, zh.msg).toBe(200);
    const d = zh.returnData;
    expect(d).toMatchObject({ appId: "carburizing", name: "渗碳", category: "Spread", version: "1.0", modes: ["graphical", "instruction"], mainInput: "carburize.in" });
    expect(d.description.summary).toMatch(/渗碳/);
    expect(d.description.model.join("\n")).toMatch(/Crank–Nicolson/);
    expect(d.description.validity.join("\n")).toMatch(/850–1100 °C/);
    expect(d.description.references.join("\n")).toMatch(/J\. Appl\. Phys\. 51 \(1980\) 4813/);
    expect(d.description.outputs.length).toBeGreaterThan(0);

    // The inputs are the graphical form's fields, not a second description of them.
    const form = await t().call("CalculateTask/GetAppForm", { token: s.token, query: { appId: "carburizing" }, headers: { "accept-language": "zh-CN" } });
    expect(d.inputs).toEqual(form.returnData.fields);
    expect(d.exampleDeck).toBe(form.returnData.exampleDeck);
    const temp = d.inputs.find((f: { name: string }) => f.name === "temperatureC");
    expect(temp).toMatchObject({ label: "渗碳温度", unit: "°C", min: 700, max: 1200 });
    expect(d.exampleDeck).toMatch(/^temperatureC = 925$/m);

    const en = await doc(s.token, "carburizing", "en");
    expect(en.returnData.name).toBe("Carburizing");
    expect(en.returnData.description.summary).toMatch(/carbon/);
    expect(en.returnData.inputs[0]).toMatchObject({ name: "c0", label: "Initial carbon", unit: "wt%" });
    for (const lang of ["es", "ja"]) {
      const r = await doc(s.token, "carburizing", lang);
      expect(r.returnData.description.summary, lang).not.toBe(en.returnData.description.summary);
    }
  });

  it("refuses an unknown app and a caller without a session", async () => {
    const s = await sessionFor(t(), "guest");
    const r = await doc(s.token, "nope", "en");
    expect(r.status).toBe(404);
    expect(r.msg).toBe("No such compute app");
    const anon = await t().call("CalculateTask/GetAppDoc", { query: { appId: "carburizing" } });
    expect(anon.status).not.toBe(200);
  });
});
