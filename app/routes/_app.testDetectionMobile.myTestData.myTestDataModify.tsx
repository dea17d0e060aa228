import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/detection/Fields";
import detectionStyles from "~/components/detection/detection.css";
import mobileStyles from "~/components/mobile/mobile.css";
import { systemListLinks } from "~/components/system/page-links";
import testDataStyles from "~/components/testData/testData.css";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { pageFailure } from "~/lib/notices.server";
import { redirectWithToast } from "~/lib/page-actions.server";
import { MOBILE_MODIFY_PATH, MOBILE_RECORDS_PATH, QUANTITY_KEYS, unitOf, valueText } from "~/lib/test-data";
import { getEditableRecord, updateRecord } from "~/lib/test-data.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /testDetectionMobile/myTestData/myTestDataModify?id= (docs/test-data.md): a record from an offline upload or the
 * phone corrected by its owner on a phone: heat number, condition, structure, and each value (its measured ones
 * first, the others folded away; an emptied value is no longer measured). Saved at the version opened; a refused
 * value shows under its field with everything typed kept. A record the reader may not correct says why.
 */
export const handle = { i18n: ["testData", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }, { rel: "stylesheet", href: mobileStyles }];
export const meta = pageMeta;

const TEXT_FIELDS = ["HeatNo", "Condition", "Structure"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MOBILE_MODIFY_PATH);
  const t = await getT(args.request, "testData");
  const id = idParam(new URL(args.request.url).searchParams.get("id"));
  if (!id) throw redirect(MOBILE_RECORDS_PATH);
  try {
    const r = await getEditableRecord(args, token, id);
    const values: Record<string, string> = { Id: r.Id, Version: String(r.Version), HeatNo: r.HeatNo, Condition: r.Condition, Structure: r.Structure };
    for (const k of QUANTITY_KEYS) values[`v.${k}`] = r.Values[k] === undefined ? "" : valueText(r.Values[k]);
    return data({
      title: `${r.Code} · ${t("mobile.modifyTitle")}`,
      record: { Code: r.Code, Grade: r.Grade, Source: r.Source, measured: QUANTITY_KEYS.filter((k) => r.Values[k] !== undefined) },
      values,
      refused: null,
    });
  } catch (e) {
    // Not theirs, or a lab record: the page says so (with the way back), rather than an error page.
    if (!(e instanceof UpstreamError) || e.sessionInvalid || (e.status !== 404 && e.status !== 409)) return pageFailure(args, e);
    return data({ title: t("mobile.modifyTitle"), record: null, values: {} as Record<string, string>, refused: e.msg });
  }
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, MOBILE_MODIFY_PATH);
  const t = await getT(args.request, "testData");
  const form = await args.request.formData();
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v).trim()]));
  const id = idParam(values.Id ?? "");
  if (!id) throw new Response("Bad request", { status: 400 });
  try {
    const r = await updateRecord(args, token, {
      Id: id,
      Version: Number(values.Version),
      HeatNo: values.HeatNo ?? "",
      Condition: values.Condition ?? "",
      Structure: values.Structure ?? "",
      Values: Object.fromEntries(QUANTITY_KEYS.map((k) => [k, values[`v.${k}`] ?? ""])),
    });
    return redirectWithToast(args.request, `${MOBILE_RECORDS_PATH}?keyword=${encodeURIComponent(r.Code)}`, { kind: "success", text: t("mobile.modified", { code: r.Code }) });
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return pageFailure(args, e);
    const field = (e.returnData as { fields?: Array<{ field?: string }> } | null)?.fields?.[0]?.field ?? "";
    const name = field.startsWith("Values.") ? `v.${field.slice(7)}` : field;
    return data({ errors: name ? { [name]: e.msg } : {}, message: e.msg || "Error", values }, { status: e.status === 409 ? 409 : 400 });
  }
}

export default function ModifyRecordPage() {
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<{ errors: Record<string, string>; message: string; values: Record<string, string> }>();
  const { t } = useTranslation("testData");
  const nav = useNavigation();
  const values: Record<string, string> = failure?.values ?? loaded.values;
  const errors = failure?.errors ?? {};
  const record = loaded.record;
  if (!record) {
    return (
      <div className="m-page" data-testid="modify-page">
        <h1 className="dt-card-id">{t("mobile.modifyTitle")}</h1>
        <p className="dt-error" role="alert" data-testid="modify-refused">
          {loaded.refused}
        </p>
        <Link to={MOBILE_RECORDS_PATH} className="dt-code-link">
          ← {t("mobile.back")}
        </Link>
      </div>
    );
  }
  const field = (k: string, label: string) => (
    <label key={k} className="dt-stack-label">
      {label}
      <input name={k} className="dt-text-input" inputMode={k.startsWith("v.") ? "decimal" : undefined} defaultValue={values[k] ?? ""} data-testid={`modify-${k}`} />
      <FieldError text={errors[k]} />
    </label>
  );
  const quantity = (k: string) => field(`v.${k}`, unitOf(k) && unitOf(k) !== k ? `${k} (${unitOf(k)})` : k);
  // The others: those not measured, unless a refused one of them needs showing.
  const others = QUANTITY_KEYS.filter((k) => !record.measured.includes(k));
  return (
    <div className="m-page" data-testid="modify-page">
      <h1 className="dt-card-id">{record.Code}</h1>
      <p className="dt-dim dt-small">
        {[record.Grade, t(`source.${record.Source}`)].filter(Boolean).join(" · ")} · {t("mobile.modifyIntro")}
      </p>
      {failure?.message ? (
        <p className="dt-error" role="alert" data-testid="modify-error">
          {failure.message}
        </p>
      ) : null}
      <Form method="post" className="m-card dt-edit" data-testid="modify-form">
        <input type="hidden" name="Id" value={values.Id} />
        <input type="hidden" name="Version" value={values.Version} />
        {TEXT_FIELDS.map((k) => field(k, t(`mobile.field.${k}`)))}
        <div className="td-modify-values">{record.measured.map(quantity)}</div>
        <details open={others.some((k) => errors[`v.${k}`]) || undefined}>
          <summary>{t("mobile.others")}</summary>
          <div className="td-modify-values">{others.map(quantity)}</div>
        </details>
        <div className="dt-actions">
          <button type="submit" className="dt-scan-button" disabled={nav.state === "submitting"} data-testid="modify-save">
            {t("mobile.save")}
          </button>
          <Link to={`${MOBILE_RECORDS_PATH}?keyword=${encodeURIComponent(record.Code)}`} className="dt-code-link">
            {t("mobile.cancel")}
          </Link>
        </div>
      </Form>
    </div>
  );
}
