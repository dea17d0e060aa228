import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import calculationStyles from "~/components/calculations/calculations.css";
import { MethodResults, resultKey } from "~/components/detection/MethodResults";
import type { OrderFailure } from "~/components/detection/OrderView";
import { SampleCard } from "~/components/detection/SampleCard";
import { SampleScanner } from "~/components/detection/SampleScanner";
import detectionStyles from "~/components/detection/detection.css";
import { MobileList } from "~/components/mobile/MobileList";
import mobileStyles from "~/components/mobile/mobile.css";
import { systemListLinks } from "~/components/system/page-links";
import { isPathAllowed, normalisePath } from "~/lib/access";
import { requireAccess } from "~/lib/auth.server";
import { MOBILE_SAMPLE_PATH, MOBILE_UPLOADS_PATH, mobileSampleHref, photoUploadHref, ORDERS_PATH, SAMPLE_PAGE_SIZE, sampleQuery, type Sample } from "~/lib/detection";
import { isLabUser, saveResultsForm } from "~/lib/detection-actions.server";
import { getMethods, getOrder, getSample, listSamples, resultInstruments, sampleCalculations } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { redirectWithToast } from "~/lib/page-actions.server";
import { isImplemented } from "~/lib/pages";
import { SIMILAR_PATHS, similarToSampleHref } from "~/lib/test-data";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /testDetectionMobile/sampleId: the lab's phone at the bench. Scan a label with the camera (where the browser
 * reads barcodes) or type the ID; see the sample, what was measured on it and the other samples of its order;
 * while the order is in test, enter its results method by method (the same rules and refusals as the order's
 * page); its photos, and a link to add one. Without a sample looked up, the samples registered, newest first, loading more at the bottom.
 * Everything is a plain GET or POST form: it works without JavaScript.
 */
export const handle = { i18n: ["detection", "calculate"] };
export const links: LinksFunction = () => [
  ...systemListLinks(),
  { rel: "stylesheet", href: detectionStyles },
  { rel: "stylesheet", href: calculationStyles },
  { rel: "stylesheet", href: mobileStyles },
];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, MOBILE_SAMPLE_PATH);
  const t = await getT(args.request, "detection");
  const { q, code, typed } = sampleQuery(new URL(args.request.url).searchParams);
  const [methods, found] = await Promise.all([
    forPage(args, () => getMethods(args, token)),
    code ? getSample(args, token, code).catch((e) => (e instanceof UpstreamError && e.status === 404 ? null : pageFailure(args, e))) : Promise.resolve(null),
  ]);
  const canOpenOrder = isImplemented(ORDERS_PATH) && isPathAllowed(normalisePath(ORDERS_PATH), user.resList);
  const canPhotograph = isLabUser(user) && isPathAllowed(normalisePath(MOBILE_UPLOADS_PATH), user.resList);
  const canSimilar = isImplemented(SIMILAR_PATHS.nearest) && isPathAllowed(normalisePath(SIMILAR_PATHS.nearest), user.resList);
  const base = { title: t("samples.title"), q, typed, looked: typed !== "", methods, canOpenOrder, canWrite: isLabUser(user), canPhotograph, canSimilar };
  if (found) {
    const sample = found;
    const entering = base.canWrite && sample.OrderState === "in_test";
    const [order, calculations, instruments] = await Promise.all([
      forPage(args, () => getOrder(args, token, sample.OrderId)),
      forPage(args, () => sampleCalculations(args, token, sample, methods)),
      entering ? forPage(args, () => resultInstruments(args, token)) : Promise.resolve([]),
    ]);
    return data({ ...base, found: sample, calculations, instruments, siblings: order.Registered.filter((s) => s.Id !== sample.Id), list: null });
  }
  const list = await forPage(args, () => listSamples(args, token, q, SAMPLE_PAGE_SIZE));
  return data({ ...base, found: null, calculations: null, instruments: [], siblings: [] as Sample[], list });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, MOBILE_SAMPLE_PATH);
  const t = await getT(args.request, "detection");
  const values = Object.fromEntries([...(await args.request.formData()).entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  if (values.intent !== "results") throw new Response(t("errors.invalid"), { status: 400 });
  const failed = await saveResultsForm(args, token, values);
  // Back to the sample: `back` is this page's own address with the sample's code, nothing else.
  const back = `${MOBILE_SAMPLE_PATH}?code=${encodeURIComponent(sampleQuery(new URL(values.back ?? "", "http://x.invalid").searchParams).code ?? "")}`;
  return failed ?? redirectWithToast(args.request, back, { kind: "success", text: t("toast.saved") });
}

export default function MobileSamplePage() {
  const { q, typed, looked, found, calculations, instruments, siblings, list, methods, canOpenOrder, canWrite, canPhotograph, canSimilar } = useLoaderData<typeof loader>();
  const failure = useActionData<{ failure?: OrderFailure }>()?.failure ?? null;
  const { t } = useTranslation("detection");
  const byCode = new Map(methods.map((m) => [m.Code, m]));
  const current = new Map((found?.Results ?? []).filter((r) => !r.SupersededAt).map((r) => [resultKey(r), r]));
  const back = found ? mobileSampleHref(q, { code: found.Code }) : "";
  return (
    <div className="m-page" data-testid="mobile-sample-page">
      <h1 className="dt-card-id">{t("samples.title")}</h1>
      <Form method="get" id="m-sample-lookup" className="dt-lookup" role="search" data-testid="sample-lookup">
        <label className="dt-stack-label dt-grow">
          {t("lookup.label")}
          <input
            className="dt-text-input dt-wide dt-code-input"
            name="code"
            defaultValue={typed}
            key={typed}
            maxLength={200}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            placeholder="S202611-0001"
            data-testid="sample-code"
          />
        </label>
        <button type="submit" className="dt-scan-button" data-testid="sample-find">
          {t("lookup.find")}
        </button>
        <SampleScanner inputName="code" formId="m-sample-lookup" />
      </Form>
      {looked && !found ? (
        <p className="dt-notfound" role="status" data-testid="sample-notfound">
          {t("lookup.notFound", { code: typed })}
        </p>
      ) : null}
      {found ? (
        <>
          <div className="m-card">
            <SampleCard sample={found} methods={byCode} canOpenOrder={canOpenOrder} calculations={calculations} similarHref={canSimilar && calculations?.verified ? similarToSampleHref(found.Code) : null} addPhotoHref={canPhotograph ? photoUploadHref(found.Code) : null} />
          </div>
          {canWrite && found.OrderState === "in_test" ? (
            <section className="m-card" aria-labelledby="m-results" data-testid="mobile-results">
              <h2 id="m-results" className="dt-section">
                {t("mobile.enterResults")}
              </h2>
              {found.Methods.map((code) => {
                const m = byCode.get(code);
                const key = `results:${found.Id}:${code}`;
                return m ? (
                  <MethodResults key={code} sample={found} method={m} current={current} canWrite failed={failure?.form === key ? failure : null} back={back} instruments={instruments} />
                ) : null;
              })}
            </section>
          ) : null}
          {siblings.length ? (
            <section className="m-card" aria-labelledby="m-siblings">
              <h2 id="m-siblings" className="dt-section">
                {t("mobile.siblings", { order: found.OrderCode })}
              </h2>
              <ul className="dt-methods" data-testid="mobile-siblings">
                {siblings.map((s) => (
                  <li key={s.Id}>
                    <Link to={mobileSampleHref(q, { code: s.Code })} className="ls-mono">
                      {s.Code}
                    </Link>{" "}
                    <span className="dt-dim dt-small">
                      {t("sample.piece", { line: s.LineNo, piece: s.PieceNo })} · {[s.Grade, s.HeatNo].filter(Boolean).join(" · ")}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : list ? (
        <>
          <h2 className="dt-section">{t("samples.listTitle")}</h2>
          <MobileList<Sample>
            key={mobileSampleHref(q, { page: 1 })}
            testId="mobile-samples"
            first={list}
            hrefFor={(page) => mobileSampleHref(q, { page })}
            empty={t("samples.empty")}
            render={(s) => (
              <div data-testid="sample-card-row" data-code={s.Code}>
                <div className="m-card-title">
                  <Link to={mobileSampleHref(q, { code: s.Code })} className="ls-mono dt-code-link">
                    {s.Code}
                  </Link>
                  <span className="dt-state" data-state={s.OrderState}>
                    {t(`state.${s.OrderState}`)}
                  </span>
                </div>
                <div className="m-card-line">
                  <span className="ls-mono">{s.OrderCode}</span> · {t("sample.piece", { line: s.LineNo, piece: s.PieceNo })}
                </div>
                <div className="m-card-line">{[s.Grade, s.HeatNo, s.Storage].filter(Boolean).join(" · ") || "—"}</div>
              </div>
            )}
          />
        </>
      ) : null}
    </div>
  );
}
