import { Button } from "~/components/mantine/Button";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OrderFailure } from "~/components/detection/OrderView";
import { EquipmentChoice } from "~/components/detection/EquipmentChoice";
import { MethodResults, resultKey } from "~/components/detection/MethodResults";
import type { MethodInfo, Result, ResultInstrument, TaskOrder } from "~/lib/detection";

/**
 * The order's results, per sample and method: each quantity with its value, the limit it was judged by
 * (the order's or the grade's) and the verdict, who entered and who verified it, and any value a retest
 * replaced, with why. While the order is in test the lab enters values here (blank: not measured) or imports
 * an instrument's CSV for a method.
 */
export function OrderResults({
  order: o,
  results,
  methods,
  canWrite,
  failure,
  back,
  instruments,
}: {
  order: TaskOrder;
  results: Result[];
  methods: Map<string, MethodInfo>;
  canWrite: boolean;
  failure: OrderFailure | null;
  back: string;
  instruments: ResultInstrument[];
}) {
  const { t } = useTranslation("detection");
  const current = new Map(results.filter((r) => !r.SupersededAt).map((r) => [resultKey(r), r]));
  const replaced = results.filter((r) => r.SupersededAt);
  const lineMethods = new Map(o.Lines.map((l) => [l.LineNo, l.Methods]));
  const orderMethods = [...new Set(o.Lines.flatMap((l) => l.Methods))];
  const importFailed = failure?.form === "import" ? failure : null;
  return (
    <section className="dt-panel" aria-labelledby="order-results">
      <h3 id="order-results" className="dt-section">
        {t("results.title")}
      </h3>
      {o.Registered.map((s) => (
        <div key={s.Id} className="dt-result-sample" data-testid="result-sample" data-code={s.Code}>
          <h4 className="dt-sub ls-mono">
            {s.Code} <span className="dt-dim">· {[s.Grade, s.HeatNo].filter(Boolean).join(" · ")}</span>
          </h4>
          {(lineMethods.get(s.LineNo) ?? []).map((code) => {
            const m = methods.get(code);
            const formKey = `results:${s.Id}:${code}`;
            return m ? (
              <MethodResults key={code} sample={s} method={m} current={current} canWrite={canWrite} failed={failure?.form === formKey ? failure : null} back={back} instruments={instruments} />
            ) : null;
          })}
        </div>
      ))}
      {replaced.length ? (
        <div className="dt-replaced" data-testid="results-replaced">
          <h4 className="dt-sub">{t("results.replaced")}</h4>
          <ul>
            {replaced.map((r) => (
              <li key={r.Id}>
                <span className="ls-mono">{r.SampleCode}</span> {r.Quantity} {r.Value ?? r.Text} {r.Unit} · {r.EnteredBy}
                {r.VerifiedBy ? ` / ${r.VerifiedBy}` : ""} ·{" "}
                {t("results.replacedBecause", {
                  reason: r.RetestReason || "—",
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {canWrite ? (
        <Form method="post" encType="multipart/form-data" className="dt-import" data-testid="import-form">
          <input type="hidden" name="intent" value="import" />
          <input type="hidden" name="back" value={back} />
          <h4 className="dt-sub">{t("import.title")}</h4>
          <p className="dt-dim dt-small">{t("import.hint")}</p>
          {importFailed?.message ? (
            <div className="dt-error" role="alert" data-testid="import-error">
              <p>{importFailed.message}</p>
              {importFailed.values.errors ? (
                <ul>
                  {importFailed.values.errors.split("\n").map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="dt-row">
            <label className="dt-inline-label">
              {t("import.method")}{" "}
              <select name="Method" defaultValue={importFailed?.values.Method ?? orderMethods[0]} className="dt-select">
                {orderMethods.map((code) => (
                  <option key={code} value={code}>
                    {methods.get(code)?.Name ?? code}
                  </option>
                ))}
              </select>
            </label>
            <EquipmentChoice instruments={instruments} defaultId={importFailed?.values.EquipmentId} defaultText={importFailed?.values.Equipment ?? ""} error={importFailed?.errors.EquipmentId} />
            <label className="dt-inline-label">
              {t("import.file")} <input type="file" name="file" accept=".csv,text/csv" required data-testid="import-file" />
            </label>
            <Button type="submit" size="compact-md" variant="default" data-testid="import-submit">
              {t("import.submit")}
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
