import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { Fact } from "~/components/detection/Fields";
import { compositionLine } from "../../../common/grade-compute.ts";
import { CalculationLinks } from "~/components/calculations/CalculationLinks";
import { LABEL_SIZES, labelsHref, limitText, orderHref, type MethodInfo, type SampleDetail } from "~/lib/detection";
import type { SampleCalculations } from "~/lib/detection.server";


/**
 * One sample as the lab looks it up: its ID, where it comes from (order, project, client, line and piece), the
 * material, where it is kept, who registered it, the tests asked for with the values measured so far (and
 * whether a second person verified them), the calculations its measured composition opens, and its label to
 * print again.
 */
export function SampleCard({
  sample: s,
  methods,
  canOpenOrder,
  calculations,
  addPhotoHref = null,
  similarHref = null,
}: {
  sample: SampleDetail;
  methods: Map<string, MethodInfo>;
  canOpenOrder: boolean;
  calculations: SampleCalculations | null;
  /** Where the user adds a photo of it (the phone's upload page), when they may. */
  addPhotoHref?: string | null;
  /** The similar-data search from its measured composition (once verified, it is a test record), when they may. */
  similarHref?: string | null;
}) {
  const { t } = useTranslation("detection");
  const current = s.Results.filter((r) => !r.SupersededAt);
  return (
    <section className="dt-card" data-testid="sample-card" aria-labelledby="sample-card-id">
      <header className="dt-card-head">
        <h2 id="sample-card-id" className="dt-card-id" data-testid="sample-id">
          {s.Code}
        </h2>
        <span className="dt-state" data-state={s.OrderState} data-testid="sample-order-state">
          {t(`state.${s.OrderState}`)}
        </span>
      </header>
      <dl className="dt-fields">
        <div className="dt-field">
          <dt>{t("sample.order")}</dt>
          <dd>
            {canOpenOrder ? <Link to={orderHref(s.OrderId)} className="dt-code-link">{s.OrderCode}</Link> : s.OrderCode} · {t("sample.piece", { line: s.LineNo, piece: s.PieceNo })}
          </dd>
        </div>
        <Fact label={t("sample.project")} value={`${s.ProjectCode} ${s.ProjectName}`} />
        <Fact label={t("sample.client")} value={s.ClientName} />
        <Fact label={t("sample.description")} value={s.Description} />
        <Fact label={t("sample.grade")} value={s.Grade} testId="sample-grade" />
        <Fact label={t("sample.heat")} value={s.HeatNo} />
        <Fact label={t("sample.form")} value={[s.Form, s.Condition].filter(Boolean).join(" · ")} />
        <Fact label={t("sample.storage")} value={s.Storage} testId="sample-storage" />
        <Fact label={t("sample.registered")} value={`${s.RegisteredBy} · ${formatDate(s.RegisteredAt, "{y}-{m}-{d} {h}:{i}")}`} />
      </dl>
      <h3 className="dt-sub">{t("sample.methods")}</h3>
      <ul className="dt-methods" data-testid="sample-methods">
        {s.Methods.map((code) => {
          const m = methods.get(code);
          // In the method's own order (C, Si, Mn, P, S, Cr… as a certificate lists them).
          const rank = new Map(m?.Quantities.map((q, i) => [q.Key, i]));
          const values = current.filter((r) => r.Method === code).sort((a, b) => (rank.get(a.Quantity) ?? 99) - (rank.get(b.Quantity) ?? 99));
          return (
            <li key={code} data-method={code}>
              {m ? m.Name : code}
              {m?.Standards[0] ? <span className="dt-dim"> · {m.Standards[0]}</span> : null}
              {values.length ? (
                <>
                  <span className="dt-dim dt-small"> · {values.every((r) => r.VerifiedBy) ? t("results.verified", { who: values[0].VerifiedBy }) : t("sample.unverified")}</span>
                  <span className="dt-sample-values" data-testid="sample-values">
                    {values.map((r) => (
                      <span key={r.Quantity} className="dt-sample-value" data-verdict={r.Verdict} title={limitText(r.Min, r.Max)}>
                        {r.Quantity} <strong>{r.Value ?? r.Text}</strong>
                        {r.Value !== null && r.Unit ? ` ${r.Unit}` : ""}
                        {r.Verdict === "out" ? ` · ${t("results.verdict.out")}` : ""}
                      </span>
                    ))}
                  </span>
                </>
              ) : (
                <span className="dt-dim dt-small"> · {t("sample.notMeasured")}</span>
              )}
            </li>
          );
        })}
      </ul>
      {calculations ? (
        <section className="dt-calc" aria-labelledby="sample-calc-title" data-testid="sample-calculations">
          <h3 className="dt-sub" id="sample-calc-title">
            {t("sample.calculate")}
          </h3>
          <CalculationLinks
            basis={
              <>
                {t("sample.measured", { composition: compositionLine(calculations.composition) })}
                {calculations.verified ? null : (
                  <>
                    <br />
                    <strong data-testid="sample-preliminary">{t("sample.preliminary")}</strong>
                  </>
                )}
              </>
            }
            nominal={calculations.composition}
            calphad={calculations.calphad}
            moles={calculations.moles}
          />
          {similarHref ? (
            <p>
              <Link to={similarHref} className="dt-code-link" data-testid="sample-similar">
                {t("sample.similar")}
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
      {s.Photos.length || addPhotoHref ? (
        <section aria-labelledby="sample-photos-title" data-testid="sample-photos">
          <h3 className="dt-sub" id="sample-photos-title">
            {t("photos.ofSample")}
          </h3>
          {s.Photos.length ? (
            <ul className="dt-photos">
              {s.Photos.map((p) => (
                <li key={p.Id}>
                  <a href={p.Url} target="_blank" rel="noreferrer">
                    <img src={p.Url} alt={p.Caption || p.Name} loading="lazy" className="dt-photo" />
                  </a>
                  <span className="dt-dim dt-small">{[p.Caption, `${p.AddedBy} · ${formatDate(p.AddedAt, "{y}-{m}-{d} {h}:{i}")}`].filter(Boolean).join(" · ")}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {addPhotoHref ? (
            <Link to={addPhotoHref} className="dt-code-link" data-testid="sample-add-photo">
              {t("photos.add")}
            </Link>
          ) : null}
        </section>
      ) : null}
      <p className="dt-labels">
        {t("labels.printOne")}{" "}
        {LABEL_SIZES.map((size) => (
          <a key={size} href={labelsHref(s.OrderId, size, [s.Id])} target="_blank" rel="noreferrer" className="dt-label-link" data-testid={`sample-label-${size}`}>
            {t(`labels.size.${size}`)}
          </a>
        ))}
      </p>
    </section>
  );
}
