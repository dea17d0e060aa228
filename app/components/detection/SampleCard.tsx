import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { Fact } from "~/components/detection/Fields";
import { LABEL_SIZES, labelsHref, orderHref, type MethodInfo, type Sample } from "~/lib/detection";

/**
 * One sample as the lab looks it up: its ID, where it comes from (order, project, client, line and piece), the
 * material, where it is kept, the tests asked for, who registered it, and its label to print again.
 */
export function SampleCard({ sample: s, methods, canOpenOrder }: { sample: Sample; methods: Map<string, MethodInfo>; canOpenOrder: boolean }) {
  const { t } = useTranslation("detection");
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
            {canOpenOrder ? <Link to={orderHref(s.OrderId)}>{s.OrderCode}</Link> : s.OrderCode} · {t("sample.piece", { line: s.LineNo, piece: s.PieceNo })}
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
          return (
            <li key={code}>
              {m ? m.Name : code}
              {m?.Standards[0] ? <span className="dt-dim"> · {m.Standards[0]}</span> : null}
            </li>
          );
        })}
      </ul>
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
