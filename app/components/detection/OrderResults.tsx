import { Button } from "~/components/mantine/Button";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DETECTION_LIMITS } from "../../../common/forms/limits.ts";
import type { OrderFailure } from "~/components/detection/OrderView";
import { limitText, type MethodInfo, type Result, type TaskOrder } from "~/lib/detection";

/**
 * The order's results, per sample and method: each quantity with its value, the limit it was judged by
 * (the order's or the grade's) and the verdict, who entered and who verified it, and any value a retest
 * replaced, with why. While the order is in test the lab enters values here (blank: not measured) or imports
 * an instrument's CSV for a method.
 */
export function OrderResults({ order: o, results, methods, canWrite, failure, back }: { order: TaskOrder; results: Result[]; methods: Map<string, MethodInfo>; canWrite: boolean; failure: OrderFailure | null; back: string }) {
  const { t } = useTranslation("detection");
  const current = new Map(results.filter((r) => !r.SupersededAt).map((r) => [`${r.SampleId}/${r.Method}/${r.Quantity}`, r]));
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
            if (!m) return null;
            const formKey = `results:${s.Id}:${code}`;
            const failed = failure?.form === formKey ? failure : null;
            const any = m.Quantities.find((q) => current.get(`${s.Id}/${code}/${q.Key}`));
            const first = any ? current.get(`${s.Id}/${code}/${any.Key}`) : undefined;
            const body = (
              <>
                <div className="dt-method-head">
                  <strong>{m.Name}</strong> <span className="dt-dim">{m.Standards[0]}</span>
                  {first ? (
                    <span className="dt-dim dt-small">
                      {" "}
                      · {t("results.entered", { who: first.EnteredBy, equipment: first.Equipment || "—" })}
                      {first.VerifiedBy ? ` · ${t("results.verified", { who: first.VerifiedBy })}` : ""}
                    </span>
                  ) : null}
                </div>
                {failed?.message ? (
                  <p className="dt-error" role="alert" data-testid="results-error">
                    {failed.message}
                  </p>
                ) : null}
                <div className="dt-qgrid">
                  {m.Quantities.map((q) => {
                    const r = current.get(`${s.Id}/${code}/${q.Key}`);
                    const shown = r ? (r.Value ?? r.Text) : "";
                    const name = `v:${q.Key}`;
                    const err = failed?.errors[name];
                    return (
                      <div key={q.Key} className={q.Text ? "dt-q dt-q-wide" : "dt-q"} data-quantity={q.Key} data-verdict={r?.Verdict ?? ""}>
                        <label className="dt-q-label" htmlFor={canWrite ? `${formKey}:${q.Key}` : undefined} title={q.Name}>
                          {q.Key} {q.Unit ? <span className="dt-dim">{q.Unit}</span> : null}
                        </label>
                        {canWrite ? (
                          <input
                            id={`${formKey}:${q.Key}`}
                            className="dt-text-input"
                            name={name}
                            inputMode={q.Text ? "text" : "decimal"}
                            maxLength={q.Text ? DETECTION_LIMITS.resultText : 20}
                            defaultValue={failed ? (failed.values[name] ?? "") : String(shown)}
                            aria-invalid={err ? true : undefined}
                            data-testid={`result-${s.Code}-${code}-${q.Key}`}
                          />
                        ) : (
                          <span className="dt-q-value ls-mono">{shown === "" ? "—" : String(shown)}</span>
                        )}
                        {r ? (
                          <span className="dt-verdict" data-verdict={r.Verdict}>
                            {t(`results.verdict.${r.Verdict}`)}
                            {limitText(r.Min, r.Max) ? ` ${limitText(r.Min, r.Max)}${r.LimitSource ? `（${t(`results.source.${r.LimitSource}`)}）` : ""}` : ""}
                          </span>
                        ) : null}
                        {err ? <span className="dt-error dt-small">{err}</span> : null}
                      </div>
                    );
                  })}
                </div>
              </>
            );
            return canWrite ? (
              <Form key={code} method="post" className="dt-method" data-testid="result-form" data-method={code}>
                <input type="hidden" name="intent" value="results" />
                <input type="hidden" name="SampleId" value={s.Id} />
                <input type="hidden" name="Method" value={code} />
                <input type="hidden" name="back" value={back} />
                {body}
                <div className="dt-row">
                  <label className="dt-inline-label">
                    {t("results.equipment")}{" "}
                    <input className="dt-text-input" name="Equipment" maxLength={DETECTION_LIMITS.equipment} defaultValue={failed ? failed.values.Equipment : (first?.Equipment ?? "")} placeholder={m.Equipment} />
                  </label>
                  <Button type="submit" size="compact-md" data-testid="result-save">
                    {t("results.save")}
                  </Button>
                </div>
              </Form>
            ) : (
              <div key={code} className="dt-method" data-method={code}>
                {body}
              </div>
            );
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
                {r.VerifiedBy ? ` / ${r.VerifiedBy}` : ""} · {t("results.replacedBecause", { reason: r.RetestReason || "—" })}
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
            <label className="dt-inline-label">
              {t("results.equipment")} <input className="dt-text-input" name="Equipment" maxLength={DETECTION_LIMITS.equipment} defaultValue={importFailed?.values.Equipment ?? ""} />
            </label>
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
