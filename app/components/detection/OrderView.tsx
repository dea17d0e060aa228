import { Button } from "~/components/mantine/Button";
import { Textarea } from "~/components/Textarea";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { actionsFrom, REASON_ACTIONS, type OrderAction } from "../../../common/detection.ts";
import { formatDate } from "../../../common/dates.ts";
import { DETECTION_LIMITS } from "../../../common/forms/limits.ts";
import { OrderResults } from "~/components/detection/OrderResults";
import { OrderSamples } from "~/components/detection/OrderSamples";
import { Fact } from "~/components/detection/Fields";
import { OrderReports } from "~/components/detection/OrderReports";
import { limitText, ORDERS_PATH, type MethodInfo, type ReportRow, type Result, type ResultInstrument, type TaskOrder } from "~/lib/detection";

/** What an order page's action answers when it did not do what was asked: which form, the values posted, why. */
export interface OrderFailure {
  form: string;
  values: Record<string, string>;
  /** field → the API's text, in the user's language */
  errors: Record<string, string>;
  message: string | null;
}

/**
 * One task order as the lab works on it (/testDetection/steelNky?id=): its facts and state with the actions the
 * state allows (cancel and retest ask why), the samples announced and registered with their labels, the
 * results entered and judged against their limits, and the order's history. Staff without write access and
 * outside readers see the same without the forms.
 */
export function OrderView({
  order: o,
  results,
  methods,
  reports,
  canWrite,
  failure,
  back,
  instruments = [],
}: {
  order: TaskOrder;
  results: Result[];
  methods: MethodInfo[];
  reports: ReportRow[];
  canWrite: boolean;
  failure: OrderFailure | null;
  back: string;
  /** The registered instruments the results forms offer (the lab, while the order is in test). */
  instruments?: ResultInstrument[];
}) {
  const { t } = useTranslation("detection");
  const byCode = new Map(methods.map((m) => [m.Code, m]));
  const actions = canWrite ? actionsFrom(o.State) : [];
  return (
    <div className="dt-order" data-testid="order-view" data-state={o.State}>
      <section className="dt-panel" aria-labelledby="order-code">
        <header className="dt-card-head">
          <h2 id="order-code" className="dt-card-id" data-testid="order-code">
            {o.Code}
          </h2>
          <span className="dt-state" data-state={o.State} data-testid="order-state">
            {t(`state.${o.State}`)}
          </span>
          {o.Overdue ? <span className="dt-overdue">{t("orders.overdue")}</span> : null}
        </header>
        <dl className="dt-fields">
          <Fact label={t("sample.project")} value={`${o.ProjectCode} ${o.ProjectName}`} />
          <Fact label={t("sample.client")} value={o.ClientName} />
          <Fact label={t("order.grade")} value={o.Grade} />
          <Fact label={t("order.due")} value={o.DueDate ?? ""} />
          <Fact label={t("order.created")} value={`${o.CreatedBy} · ${formatDate(o.CreatedAt, "{y}-{m}-{d} {h}:{i}")}`} />
          <Fact label={t("order.note")} value={o.Note} />
        </dl>
        {actions.length ? (
          <div className="dt-actions" data-testid="order-actions">
            {o.State === "draft" ? (
              <Button component={Link} to={`${ORDERS_PATH}?edit=${o.Id}`} variant="default" data-testid="order-edit">
                {t("order.edit")}
              </Button>
            ) : null}
            {failure?.form === "state" && failure.message ? (
              <p className="dt-error" role="alert" data-testid="order-action-error">
                {failure.message}
              </p>
            ) : null}
            {actions.map((a) => (REASON_ACTIONS.includes(a) ? <ReasonAction key={a} order={o} action={a} back={back} failure={failure} /> : <PlainAction key={a} order={o} action={a} back={back} />))}
          </div>
        ) : null}
      </section>

      <section className="dt-panel" aria-labelledby="order-lines">
        <h3 id="order-lines" className="dt-section">
          {t("order.lines")}
        </h3>
        <div className="ls-scroll">
          <table className="ls-table" data-testid="order-lines">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("sample.description")}</th>
                <th scope="col">{t("samples.col.material")}</th>
                <th scope="col">{t("sample.form")}</th>
                <th scope="col">{t("order.quantity")}</th>
                <th scope="col">{t("sample.methods")}</th>
              </tr>
            </thead>
            <tbody>
              {o.Lines.map((l) => (
                <tr key={l.LineNo}>
                  <td className="ls-num">{l.LineNo}</td>
                  <td data-label={t("sample.description")}>{l.Description}</td>
                  <td data-label={t("samples.col.material")}>{[l.Grade || o.Grade, l.HeatNo].filter(Boolean).join(" · ") || "—"}</td>
                  <td data-label={t("sample.form")}>{[l.Form, l.Condition].filter(Boolean).join(" · ") || "—"}</td>
                  <td data-label={t("order.quantity")} className="ls-num">
                    {l.Quantity}
                  </td>
                  <td data-label={t("sample.methods")}>{l.Methods.map((m) => byCode.get(m)?.Name ?? m).join("、")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {o.Limits.length ? (
          <p className="dt-dim dt-small" data-testid="order-limits">
            {t("order.limits")}: {o.Limits.map((l) => `${l.Quantity} ${limitText(l.Min, l.Max)}`).join("；")}
          </p>
        ) : null}
      </section>

      <OrderSamples order={o} canWrite={canWrite} failure={failure} back={back} />
      {o.Registered.length && !["received", "cancelled"].includes(o.State) ? (
        <OrderResults order={o} results={results} methods={byCode} canWrite={canWrite && o.State === "in_test"} failure={failure} back={back} instruments={instruments} />
      ) : null}

      {reports.length ? <OrderReports orderId={o.Id} reports={reports} canReissue={canWrite && o.State === "reported"} failure={failure} back={back} /> : null}

      <section className="dt-panel" aria-labelledby="order-history">
        <h3 id="order-history" className="dt-section">
          {t("order.history")}
        </h3>
        <ol className="dt-events" data-testid="order-events">
          {o.Events.map((e, i) => (
            <li key={i}>
              <span className="ls-dim ls-mono">{formatDate(e.At, "{y}-{m}-{d} {h}:{i}")}</span> {e.By} · {t(`action.${e.Action}`)}
              {e.From ? (
                <span className="dt-dim">
                  {" "}
                  （{t(`state.${e.From}`)} → {t(`state.${e.To}`)}）
                </span>
              ) : null}
              {e.Reason ? <div className="dt-reason">{e.Reason}</div> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function PlainAction({ order, action, back }: { order: TaskOrder; action: OrderAction; back: string }) {
  const { t } = useTranslation("detection");
  return (
    <Form method="post" className="dt-inline">
      <input type="hidden" name="intent" value="state" />
      <input type="hidden" name="Id" value={order.Id} />
      <input type="hidden" name="Version" value={order.Version} />
      <input type="hidden" name="Action" value={action} />
      <input type="hidden" name="back" value={back} />
      <Button type="submit" variant={action === "verify" || action === "start" || action === "receive" || action === "report" ? "filled" : "default"} data-testid={`order-${action}`}>
        {t(`action.${action}`)}
      </Button>
    </Form>
  );
}

/** Cancel and retest ask why, in a disclosure that works without JavaScript. */
function ReasonAction({ order, action, back, failure }: { order: TaskOrder; action: OrderAction; back: string; failure: OrderFailure | null }) {
  const { t } = useTranslation("detection");
  const failed = failure?.form === `state:${action}`;
  return (
    <details className="dt-reason-action" open={failed || undefined}>
      <summary className="dt-summary" data-testid={`order-${action}-open`}>
        {t(`action.${action}`)}
      </summary>
      <Form method="post" className="dt-reason-form">
        <input type="hidden" name="intent" value="state" />
        <input type="hidden" name="Id" value={order.Id} />
        <input type="hidden" name="Version" value={order.Version} />
        <input type="hidden" name="Action" value={action} />
        <input type="hidden" name="back" value={back} />
        <Textarea
          name="Reason"
          label={t("order.reason")}
          required
          maxLength={DETECTION_LIMITS.reason}
          defaultValue={failed ? failure.values.Reason : ""}
          error={failed ? (failure.errors.Reason ?? failure.message ?? undefined) : undefined}
          rows={2}
          data-testid={`order-${action}-reason`}
        />
        <Button type="submit" color={action === "cancel" ? "red" : undefined} data-testid={`order-${action}`}>
          {t(`action.${action}Confirm`)}
        </Button>
      </Form>
    </details>
  );
}
