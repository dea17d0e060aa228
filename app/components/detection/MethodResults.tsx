import { Button } from "~/components/mantine/Button";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DETECTION_LIMITS } from "../../../common/forms/limits.ts";
import { EquipmentChoice } from "~/components/detection/EquipmentChoice";
import type { OrderFailure } from "~/components/detection/OrderView";
import { limitText, type MethodInfo, type Result, type ResultInstrument, type Sample } from "~/lib/detection";

/** The key of a current result in the maps MethodResults reads: sample, method and quantity. */
export const resultKey = (r: Pick<Result, "SampleId" | "Method" | "Quantity">) => `${r.SampleId}/${r.Method}/${r.Quantity}`;

/**
 * One method's results on one sample: each quantity with its value, the limit it was judged by (the order's
 * or the grade's) and the verdict, who entered and verified them. With `canWrite` it is the form that saves
 * them (SaveResults, intent "results"; blank: not measured), its refusal named at the field and the typed values
 * kept. The order's page shows one per sample and method; the phone's sample page those of its sample.
 * `current` holds the current results by resultKey.
 */
export function MethodResults({
  sample: s,
  method: m,
  current,
  canWrite,
  failed,
  back,
  instruments = [],
}: {
  sample: Pick<Sample, "Id" | "Code">;
  method: MethodInfo;
  current: Map<string, Result>;
  canWrite: boolean;
  failed: OrderFailure | null;
  back: string;
  /** The registered instruments to choose from (EquipmentChoice shows those running this method). */
  instruments?: ResultInstrument[];
}) {
  const { t } = useTranslation("detection");
  const code = m.Code;
  const formKey = `results:${s.Id}:${code}`;
  const any = m.Quantities.find((q) => current.get(resultKey({ SampleId: s.Id, Method: code, Quantity: q.Key })));
  const first = any ? current.get(resultKey({ SampleId: s.Id, Method: code, Quantity: any.Key })) : undefined;
  const body = (
    <>
      <div className="dt-method-head">
        <strong>{m.Name}</strong> <span className="dt-dim">{m.Standards[0]}</span>
        {first ? (
          <span className="dt-dim dt-small">
            {" "}
            ·{" "}
            {t("results.entered", {
              who: first.EnteredBy,
              equipment: first.Equipment || "—",
            })}
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
          const r = current.get(resultKey({ SampleId: s.Id, Method: code, Quantity: q.Key }));
          const shown = r ? r.Value ?? r.Text : "";
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
                  defaultValue={failed ? failed.values[name] ?? "" : String(shown)}
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
    <Form method="post" className="dt-method" data-testid="result-form" data-method={code}>
      <input type="hidden" name="intent" value="results" />
      <input type="hidden" name="SampleId" value={s.Id} />
      <input type="hidden" name="Method" value={code} />
      <input type="hidden" name="back" value={back} />
      {body}
      <div className="dt-row">
        <EquipmentChoice
          instruments={instruments}
          method={code}
          defaultId={failed ? failed.values.EquipmentId : first?.EquipmentId}
          // A chosen instrument's name came from the register: the text field is for one not registered.
          defaultText={failed ? (failed.values.Equipment ?? "") : first && !first.EquipmentId ? first.Equipment : ""}
          placeholder={m.Equipment}
          error={failed?.errors.EquipmentId}
        />
        <Button type="submit" size="compact-md" data-testid="result-save">
          {t("results.save")}
        </Button>
      </div>
    </Form>
  ) : (
    <div className="dt-method" data-method={code}>
      {body}
    </div>
  );
}
