import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { DeleteDialog, DeleteLink, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import detectionStyles from "~/components/detection/detection.css";
import equipmentStyles from "~/components/equipment/equipment.css";
import instrumentStyles from "~/components/instrumentData/instrument.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { CLOUD_EQUIPMENT_PATH, EQUIPMENT_UPLOAD_CALL, type EquipmentToken } from "~/lib/instrument-data";
import { createEquipmentToken, getCloudEquipment, revokeEquipmentToken } from "~/lib/instrument-data.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { listHref } from "~/lib/notices";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /testDetection/newCloudEquip (docs/instrument-data.md): the instruments that send their files to the platform
 * by themselves. An equipment editor (within their reach) or FileTransferAdmin issues an instrument a token,
 * shown once on the answer to that post (never in an address or a cookie), and revokes it; the rest of the
 * staff read the list. Below, how an instrument sends a file with its token.
 */
export const handle = { i18n: ["instrument", "equipment", "detection", "infoCenter"] };
export const links: LinksFunction = () => [
  ...systemListLinks(),
  { rel: "stylesheet", href: detectionStyles },
  { rel: "stylesheet", href: equipmentStyles },
  { rel: "stylesheet", href: instrumentStyles },
];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, CLOUD_EQUIPMENT_PATH);
  const t = await getT(args.request, "instrument");
  const cloud = await forPage(args, () => getCloudEquipment(args, token));
  const url = new URL(args.request.url);
  // Where an instrument sends: this site's address, as the browser reached it (behind nginx, the public one).
  const origin = `${args.request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "")}://${args.request.headers.get("host") ?? url.host}`;
  // The instruments a token can be issued for: those without one yet and those listed that the reader manages
  // (sorted here, once: the browser's collation could order them otherwise and the page would not hydrate).
  const manageable = [...cloud.Choices, ...cloud.Instruments.filter((i) => i.CanManage && i.Status !== "retired").map((i) => ({ Id: i.Id, Label: i.Label }))].sort((a, b) =>
    a.Label.localeCompare(b.Label, "zh"),
  );
  return data({ title: t("cloud.title"), cloud, manageable, revoke: idParam(url.searchParams.get("revoke")), endpoint: `${origin}${EQUIPMENT_UPLOAD_CALL}` });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, CLOUD_EQUIPMENT_PATH);
  const t = await getT(request, "instrument");
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    const id = idParam(String(form.get("id") ?? ""));
    if (!id) return data({ error: t("upload.badRequest"), issued: null }, { status: 400 });
    try {
      await revokeEquipmentToken(args, token, id);
      return redirectWithToast(request, CLOUD_EQUIPMENT_PATH, { kind: "success", text: t("cloud.revoked") });
    } catch (e) {
      return toastFailure(args, e, CLOUD_EQUIPMENT_PATH);
    }
  }
  const equipmentId = idParam(String(form.get("equipmentId") ?? ""));
  if (!equipmentId) return data({ error: t("cloud.chooseInstrument"), issued: null }, { status: 400 });
  try {
    // Answered in this post's page only: a redirect would carry the token in a cookie or an address.
    const issued = await createEquipmentToken(args, token, { EquipmentId: equipmentId, Label: String(form.get("label") ?? "").trim() });
    return data({ error: null, issued });
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return toastFailure(args, e, CLOUD_EQUIPMENT_PATH);
    return data({ error: e.msg || "Error", issued: null }, { status: 400 });
  }
}

export default function CloudEquipmentPage() {
  const { cloud, manageable, revoke, endpoint } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const { t } = useTranslation("instrument");
  const { t: te } = useTranslation("equipment");
  const nav = useNavigation();
  const [dialog, setDialog] = useState<string | null>(null);
  const issuing = nav.state === "submitting" && nav.formData?.get("intent") === "issue";
  const tokens = cloud.Instruments.flatMap((i) => i.Tokens);
  const target = tokens.find((x) => x.Id === (dialog ?? revoke) && !x.RevokedAt);
  const texts = (x: EquipmentToken): DeleteTexts => ({
    title: t("cloud.revokeTitle"),
    question: t("cloud.revokeQuestion", { label: x.Label || x.Hint, instrument: x.EquipmentLabel }),
    cancel: t("file.cancel"),
    confirm: t("cloud.revoke"),
  });
  const issued = done?.issued ?? null;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="cloud-page">
      <PageHeader title={t("cloud.title")} intro={t("cloud.intro")} />
      {issued ? (
        <Alert color="green" title={t("cloud.issuedTitle", { instrument: issued.Item.EquipmentLabel })} data-testid="cloud-issued">
          <Stack gap="xs">
            <span>{t("cloud.issuedOnce")}</span>
            <code className="if-token" data-testid="cloud-token">
              {issued.Token}
            </code>
          </Stack>
        </Alert>
      ) : null}
      {target && revoke && !dialog ? <DeleteStep id={target.Id} back={CLOUD_EQUIPMENT_PATH} texts={texts(target)} /> : null}
      {target && dialog ? <DeleteDialog id={target.Id} back={CLOUD_EQUIPMENT_PATH} texts={texts(target)} onClose={() => setDialog(null)} /> : null}
      {manageable.length ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Form method="post" className="if-upload" data-testid="cloud-issue">
            <input type="hidden" name="intent" value="issue" />
            <NativeSelect name="equipmentId" label={t("cloud.instrument")} required defaultValue="">
              <option value="" disabled>
                {t("cloud.chooseInstrument")}
              </option>
              {manageable.map((i) => (
                <option key={i.Id} value={i.Id}>
                  {i.Label}
                </option>
              ))}
            </NativeSelect>
            <TextInput name="label" label={t("cloud.label")} placeholder={t("cloud.labelPlaceholder")} maxLength={60} />
            <Button type="submit" loading={issuing} data-testid="cloud-issue-submit">
              {t("cloud.issue")}
            </Button>
          </Form>
          {done?.error ? (
            <Alert color="red" role="alert" mt="sm" data-testid="cloud-error">
              {done.error}
            </Alert>
          ) : null}
        </Paper>
      ) : null}
      {cloud.Instruments.length ? (
        cloud.Instruments.map((i) => (
          <Paper key={i.Id} withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="cloud-instrument">
            <Stack gap="xs">
              <div className="if-actions" style={{ marginTop: 0 }}>
                <h2 className="if-h2">{i.Label}</h2>
                <span className="eq-cal" data-state={i.Calibration}>
                  {te(`calibration.${i.Calibration}`)}
                </span>
                <span className="dt-dim dt-small">{t("cloud.files", { count: i.Files })}</span>
                {i.LastFileAt ? <span className="dt-dim dt-small">{t("cloud.lastFile", { at: formatDate(i.LastFileAt, "{y}-{m}-{d} {h}:{i}") })}</span> : null}
              </div>
              <div className="ls-scroll">
                <table className="ls-table" data-testid="cloud-tokens">
                  <thead>
                    <tr>
                      <th scope="col">{t("cloud.col.token")}</th>
                      <th scope="col">{t("cloud.col.issued")}</th>
                      <th scope="col">{t("cloud.col.used")}</th>
                      <th scope="col">{t("cloud.col.state")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {i.Tokens.map((x) => (
                      <tr key={x.Id} data-testid="cloud-token-row" data-revoked={x.RevokedAt ? "1" : "0"}>
                        <td className="ls-strong">
                          <div>
                            {x.Label || "—"}
                            <div className="dt-dim dt-small if-hash">{x.Hint}…</div>
                          </div>
                        </td>
                        <td data-label={t("cloud.col.issued")} className="dt-small">
                          <div>
                            {x.CreatedBy}
                            <div className="dt-dim">{formatDate(x.CreatedAt, "{y}-{m}-{d} {h}:{i}")}</div>
                          </div>
                        </td>
                        <td data-label={t("cloud.col.used")} className="dt-small">
                          <div>
                            {x.LastUsedAt ? formatDate(x.LastUsedAt, "{y}-{m}-{d} {h}:{i}") : t("cloud.never")}
                            <div className="dt-dim">{t("cloud.files", { count: x.Files })}</div>
                          </div>
                        </td>
                        <td data-label={t("cloud.col.state")} className="dt-small">
                          {x.RevokedAt ? (
                            <span className="dt-dim">{t("cloud.revokedBy", { name: x.RevokedBy ?? "", at: formatDate(x.RevokedAt, "{y}-{m}-{d} {h}:{i}") })}</span>
                          ) : (
                            <div>
                              <span className="dt-state" data-state="verified">
                                {t("cloud.live")}
                              </span>{" "}
                              {i.CanManage ? (
                                <DeleteLink href={listHref(CLOUD_EQUIPMENT_PATH, { revoke: x.Id }, {})} onOpen={() => setDialog(x.Id)}>
                                  {t("cloud.revoke")}
                                </DeleteLink>
                              ) : null}
                            </div>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Stack>
          </Paper>
        ))
      ) : (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <p className="ls-empty" data-testid="cloud-empty">
            {t("cloud.empty")}
          </p>
        </Paper>
      )}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="xs">
          <h2 className="if-h2">{t("cloud.howTitle")}</h2>
          <p className="dt-small">{t("cloud.how")}</p>
          <pre className="if-example" data-testid="cloud-example">
            {`curl -H "xteam: xteam" -H "Authorization: Bearer fe_eq_…" \\
  -F "file=@ARL_0042.csv" -F "SampleId=S202611-0042" \\
  -F "Sha256=$(sha256sum ARL_0042.csv | cut -d' ' -f1)" \\
  ${endpoint}`}
          </pre>
          <p className="dt-dim dt-small">{t("cloud.howAnswer")}</p>
        </Stack>
      </Paper>
    </Stack>
  );
}
