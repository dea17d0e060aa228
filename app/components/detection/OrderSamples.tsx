import { Button } from "~/components/mantine/Button";
import { TextInput } from "~/components/TextInput";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DEFAULT_SAMPLE_PATTERN } from "../../../common/detection.ts";
import { DETECTION_LIMITS } from "../../../common/forms/limits.ts";
import { FieldError } from "~/components/detection/Fields";
import type { OrderFailure } from "~/components/detection/OrderView";
import { LABEL_SIZES, labelsHref, sampleQueryHref, type TaskOrder } from "~/lib/detection";

/**
 * The order's samples: those registered, with their labels to print (the whole order, or one again), and
 * while the order is received the registration form: per line how many pieces arrived and the heat number
 * found on them, the ID pattern, where they are kept.
 */
export function OrderSamples({ order: o, canWrite, failure, back }: { order: TaskOrder; canWrite: boolean; failure: OrderFailure | null; back: string }) {
  const { t } = useTranslation("detection");
  const registered = new Map<number, number>();
  for (const s of o.Registered) registered.set(s.LineNo, (registered.get(s.LineNo) ?? 0) + 1);
  const open = o.Lines.filter((l) => l.Quantity > (registered.get(l.LineNo) ?? 0));
  const failed = failure?.form === "register" ? failure : null;
  const v = (k: string, fallback: string) => (failed ? (failed.values[k] ?? "") : fallback);
  return (
    <section className="dt-panel" aria-labelledby="order-samples">
      <h3 id="order-samples" className="dt-section">
        {t("order.samples", { registered: o.Registered.length, total: o.Samples })}
      </h3>
      {o.Registered.length ? (
        <>
          <div className="ls-scroll">
            <table className="ls-table" data-testid="order-samples">
              <thead>
                <tr>
                  <th scope="col">{t("samples.col.code")}</th>
                  <th scope="col">{t("order.linePiece")}</th>
                  <th scope="col">{t("samples.col.material")}</th>
                  <th scope="col">{t("samples.col.storage")}</th>
                  <th scope="col">{t("order.label")}</th>
                </tr>
              </thead>
              <tbody>
                {o.Registered.map((s) => (
                  <tr key={s.Id} data-testid="order-sample" data-code={s.Code}>
                    <td className="ls-strong ls-mono">
                      <a href={sampleQueryHref(s.Code)} className="dt-code-link">
                        {s.Code}
                      </a>
                    </td>
                    <td data-label={t("order.linePiece")} className="ls-mono">
                      {s.LineNo}-{s.PieceNo}
                    </td>
                    <td data-label={t("samples.col.material")}>{[s.Grade, s.HeatNo].filter(Boolean).join(" · ") || "—"}</td>
                    <td data-label={t("samples.col.storage")}>{s.Storage || "—"}</td>
                    <td data-label={t("order.label")}>
                      <a href={labelsHref(o.Id, "50x30", [s.Id])} target="_blank" rel="noreferrer">
                        {t("order.labelOne")}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="dt-labels" data-testid="order-labels">
            {t("order.labelsAll")}{" "}
            {LABEL_SIZES.map((size) => (
              <a key={size} href={labelsHref(o.Id, size)} target="_blank" rel="noreferrer" className="dt-label-link" data-testid={`order-labels-${size}`}>
                {t(`labels.size.${size}`)}
              </a>
            ))}
          </p>
        </>
      ) : (
        <p className="ls-empty">{o.State === "received" ? t("order.noSamplesYet") : t("order.noSamples")}</p>
      )}
      {canWrite && o.State === "received" && open.length ? (
        <Form method="post" className="dt-register" data-testid="register-form">
          <input type="hidden" name="intent" value="register" />
          <input type="hidden" name="OrderId" value={o.Id} />
          <input type="hidden" name="back" value={back} />
          <h4 className="dt-sub">{t("register.title")}</h4>
          {failed?.message ? (
            <p className="dt-error" role="alert" data-testid="register-error">
              {failed.message}
            </p>
          ) : null}
          <div className="ls-scroll">
            <table className="ls-table dt-register-lines">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t("sample.description")}</th>
                  <th scope="col">{t("register.arrived")}</th>
                  <th scope="col">{t("register.heat")}</th>
                </tr>
              </thead>
              <tbody>
                {open.map((l) => {
                  const left = l.Quantity - (registered.get(l.LineNo) ?? 0);
                  return (
                    <tr key={l.LineNo}>
                      <td className="ls-num">{l.LineNo}</td>
                      <td data-label={t("sample.description")}>{l.Description}</td>
                      <td data-label={t("register.arrived")}>
                        <input
                          className="dt-num-input"
                          type="number"
                          name={`count:${l.LineNo}`}
                          min={0}
                          max={left}
                          step={1}
                          defaultValue={v(`count:${l.LineNo}`, String(left))}
                          aria-label={t("register.arrivedOf", { line: l.LineNo, left })}
                          data-testid={`register-count-${l.LineNo}`}
                        />{" "}
                        <span className="dt-dim">/ {left}</span>
                        <FieldError text={failed?.errors[`count:${l.LineNo}`]} />
                      </td>
                      <td data-label={t("register.heat")}>
                        <input className="dt-text-input" name={`heat:${l.LineNo}`} maxLength={DETECTION_LIMITS.heatNo} defaultValue={v(`heat:${l.LineNo}`, l.HeatNo)} aria-label={t("register.heatOf", { line: l.LineNo })} />
                        <FieldError text={failed?.errors[`heat:${l.LineNo}`]} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="dt-row">
            <TextInput name="Storage" label={t("register.storage")} placeholder={t("register.storagePlaceholder")} maxLength={DETECTION_LIMITS.storage} defaultValue={v("Storage", "")} error={failed?.errors.Storage} data-testid="register-storage" />
            <TextInput
              name="Pattern"
              label={t("register.pattern")}
              description={t("register.patternHint")}
              maxLength={DETECTION_LIMITS.pattern}
              defaultValue={v("Pattern", DEFAULT_SAMPLE_PATTERN)}
              error={failed?.errors.Pattern}
              spellCheck={false}
              data-testid="register-pattern"
            />
          </div>
          <Button type="submit" data-testid="register-submit">
            {t("register.submit")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
