import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { calphadInputs, compositionLine, moleFractions } from "../../common/grade-compute.ts";
import { formatDate } from "../../common/dates.ts";
import { CalculationLinks } from "~/components/calculations/CalculationLinks";
import calculationStyles from "~/components/calculations/calculations.css";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import detectionStyles from "~/components/detection/detection.css";
import { StepCalculations } from "~/components/materials/StepCalculations";
import materialStyles from "~/components/materials/materials.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { orderHref, sampleQueryHref } from "~/lib/detection";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { HEAT_TREATMENTS, MATERIAL_DETAILS_PATH, MATERIALS_PATH, editMaterialHref, materialHref, stepConditions } from "~/lib/materials";
import { deleteMaterial, getMaterial } from "~/lib/materials.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { shippedIronSystems } from "~/lib/tdb.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /testDetection/materialDetails?id= (the institute's staff; docs/materials.md): a material, its process history
 * with what each heat treatment can start (carburizing, precipitation, grain growth, at the step's temperature
 * and time and the steel's composition), the calculations its composition opens, and the samples and test
 * records of its heat. The lab's roles edit or delete it.
 */
export const handle = { i18n: ["material", "calculate", "detection", "infoCenter"] };
export const links: LinksFunction = () => [
  ...systemListLinks(),
  { rel: "stylesheet", href: detectionStyles },
  { rel: "stylesheet", href: calculationStyles },
  { rel: "stylesheet", href: materialStyles },
];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MATERIAL_DETAILS_PATH);
  const search = new URL(args.request.url).searchParams;
  const id = idParam(search.get("id"));
  if (!id) throw redirect(MATERIALS_PATH);
  const m = await forPage(args, () => getMaterial(args, token, id));
  const composition = m.Composition?.Values ?? null;
  // Without the database list the page still shows the material: only the CALPHAD links are left out.
  const shipped = composition
    ? await shippedIronSystems(args, token).catch((e) => {
        if (e instanceof UpstreamError && !e.sessionInvalid) return [];
        throw e;
      })
    : [];
  return data({
    title: `${m.Code} · ${m.Grade}`,
    m,
    calphad: composition ? calphadInputs(composition, shipped) : [],
    moles: composition ? moleFractions(composition) : null,
    confirm: search.get("confirm") === id,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, MATERIAL_DETAILS_PATH);
  const t = await getT(args.request, "material");
  const form = await args.request.formData();
  const id = idParam(String(form.get("id") ?? ""));
  if (form.get("intent") !== "delete" || !id) throw new Response("Bad request", { status: 400 });
  try {
    await deleteMaterial(args, token, { Id: id, Version: Number(form.get("version")) });
    return redirectWithToast(args.request, MATERIALS_PATH, { kind: "success", text: t("details.deleted") });
  } catch (e) {
    return toastFailure(args, e, materialHref(id));
  }
}

export default function MaterialDetailsPage() {
  const { m, calphad, moles, confirm } = useLoaderData<typeof loader>();
  const { t } = useTranslation("material");
  const [dialog, setDialog] = useState(false);
  const here = materialHref(m.Id);
  const texts: DeleteTexts = { title: t("details.deleteTitle"), question: t("details.deleteQuestion", { code: m.Code }), cancel: t("form.cancel"), confirm: t("details.delete") };
  const composition = m.Composition;
  const fact = (k: string, v: string | null) =>
    v ? (
      <div key={k}>
        <dt>{t(`form.${k}`)}</dt>
        <dd>{v}</dd>
      </div>
    ) : null;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="material-page">
      <div className="sys-head">
        <PageHeader title={`${m.Code}${m.Grade ? ` · ${m.Grade}` : ""}`} intro={t("details.intro")} />
        {m.CanEdit ? (
          <div className="sys-head-actions">
            <Button component={Link} to={editMaterialHref(m.Id)} variant="light" data-testid="material-edit">
              {t("details.edit")}
            </Button>
            <DeleteLink href={`${here}&confirm=${m.Id}`} onOpen={() => setDialog(true)}>
              {t("details.delete")}
            </DeleteLink>
          </div>
        ) : null}
      </div>
      {confirm && !dialog ? <DeleteStep id={m.Id} back={here} texts={texts} extra={{ version: String(m.Version) }} /> : null}
      {dialog ? <DeleteDialog id={m.Id} back={here} texts={texts} extra={{ version: String(m.Version) }} onClose={() => setDialog(false)} /> : null}
      <p className="dt-small">
        <Link to={MATERIALS_PATH} className="dt-code-link">
          ← {t("details.back")}
        </Link>
      </p>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <dl className="mt-facts" data-testid="material-facts">
          {fact("Grade", m.Grade)}
          {fact("HeatNo", m.HeatNo)}
          {fact("Supplier", m.Supplier)}
          {fact("Form", m.Form)}
          {fact("Dimensions", m.Dimensions)}
          {fact("Condition", m.Condition)}
          {fact("Note", m.Note)}
        </dl>
      </Paper>

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <h2 className="mt-h2">{t("details.history")}</h2>
          {m.Steps.length ? (
            <ol className="mt-steps" data-testid="material-steps">
              {m.Steps.map((s, i) => (
                <li key={i} data-heat={HEAT_TREATMENTS.includes(s.Kind) ? "1" : "0"} data-testid="material-step-item">
                  <div className="mt-step-head">
                    <span className="mt-kind">{t(`kind.${s.Kind}`)}</span>
                    <strong>{s.Title || t(`kind.${s.Kind}`)}</strong>
                    <span className="dt-small">{stepConditions(s, t("details.min"))}</span>
                    {s.PerformedOn ? <span className="dt-dim dt-small">{s.PerformedOn}</span> : null}
                  </div>
                  {s.Note ? <div className="dt-dim dt-small">{s.Note}</div> : null}
                  <StepCalculations step={s} composition={composition?.Values ?? null} moles={moles} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="ls-empty">{t("details.noSteps")}</p>
          )}
        </Stack>
      </Paper>

      {composition ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="material-calculations">
          <h2 className="mt-h2">{t("details.calculate")}</h2>
          <CalculationLinks
            basis={
              composition.Basis === "measured"
                ? t("details.measured", { record: composition.RecordCode, composition: compositionLine(composition.Values) })
                : t("details.nominal", { grade: m.Grade, composition: compositionLine(composition.Values) })
            }
            nominal={composition.Values}
            calphad={calphad}
            moles={moles}
          />
        </Paper>
      ) : null}

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <h2 className="mt-h2">{t("details.samples", { heat: m.HeatNo || "—" })}</h2>
          {m.Samples.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="material-samples">
                <thead>
                  <tr>
                    <th scope="col">{t("details.sample")}</th>
                    <th scope="col">{t("details.order")}</th>
                    <th scope="col">{t("form.Condition")}</th>
                    <th scope="col">{t("details.registered")}</th>
                  </tr>
                </thead>
                <tbody>
                  {m.Samples.map((s) => (
                    <tr key={s.Id}>
                      <td className="ls-strong">
                        <Link to={sampleQueryHref(s.Code)} className="dt-code-link">
                          {s.Code}
                        </Link>
                      </td>
                      <td data-label={t("details.order")}>
                        <Link to={orderHref(s.OrderId)} className="dt-code-link">
                          {s.OrderCode}
                        </Link>
                      </td>
                      <td data-label={t("form.Condition")}>{[s.Form, s.Condition].filter(Boolean).join(" · ") || "—"}</td>
                      <td data-label={t("details.registered")} className="ls-dim dt-small">
                        {formatDate(s.RegisteredAt, "{y}-{m}-{d}")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="material-no-samples">
              {m.HeatNo ? t("details.noSamples") : t("details.noHeat")}
            </p>
          )}
          {m.Records.length ? (
            <>
              <h3 className="dt-sub">{t("details.records", { count: m.Records.length })}</h3>
              <div className="ls-scroll">
                <table className="ls-table" data-testid="material-records">
                  <thead>
                    <tr>
                      <th scope="col">{t("details.record")}</th>
                      <th scope="col">{t("details.values")}</th>
                      <th scope="col">{t("details.tested")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {m.Records.map((r) => (
                      <tr key={r.Id}>
                        <td className="ls-strong">
                          <div>
                            {r.Code}
                            <div className="dt-dim dt-small">{r.Condition}</div>
                          </div>
                        </td>
                        <td data-label={t("details.values")} className="dt-small">
                          {compositionLine(r.Values)}
                        </td>
                        <td data-label={t("details.tested")} className="ls-dim dt-small">
                          {formatDate(r.TestedAt, "{y}-{m}-{d}")}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
