import { Stack } from "~/components/mantine/Stack";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import detectionStyles from "~/components/detection/detection.css";
import { MATERIAL_FIELDS, MaterialForm, STEP_FIELDS, type MaterialFormData } from "~/components/materials/MaterialForm";
import materialStyles from "~/components/materials/materials.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { isLabUser } from "~/lib/detection-actions.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { MATERIAL_EDIT_PATH, MATERIAL_LIMITS, MATERIALS_PATH, STEP_ROWS, materialHref } from "~/lib/materials";
import { getMaterial, saveMaterial } from "~/lib/materials.server";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { redirectWithToast } from "~/lib/page-actions.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /testDetection/editMaterial (the lab's roles; docs/materials.md): a new material, or with `?id=` one edited at
 * the version it was opened with, and its process steps. The API checks every field; a refusal shows under its
 * field (a step's, in its row) with everything typed kept.
 */
export const handle = { i18n: ["material", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: materialStyles }];
export const meta = pageMeta;

const blankRows = (n: number) => Array.from({ length: n }, () => ({}) as Record<string, string>);

/** The page is the tile's (every staff role); writing is the lab's: the others get what the API would answer. */
async function requireWriter(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const signedIn = await requireAccess(args, MATERIAL_EDIT_PATH);
  if (!isLabUser(signedIn.user)) throw new Response((await getT(args.request))("errors.forbidden"), { status: 403, statusText: "Forbidden" });
  return signedIn;
}

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireWriter(args);
  const t = await getT(args.request, "material");
  const id = idParam(new URL(args.request.url).searchParams.get("id"));
  const editing = id ? await forPage(args, () => getMaterial(args, token, id)) : null;
  const form: MaterialFormData = editing
    ? {
        values: Object.fromEntries(MATERIAL_FIELDS.map((k) => [k, String(editing[k] ?? "")])),
        steps: [...editing.Steps.map((s) => Object.fromEntries(STEP_FIELDS.map((k) => [k, s[k] === null ? "" : String(s[k])]))), ...blankRows(2)].slice(0, MATERIAL_LIMITS.steps),
      }
    : { values: {}, steps: blankRows(STEP_ROWS) };
  return data({ title: editing ? `${editing.Code} · ${t("edit.titleEdit")}` : t("edit.title"), editing: !!editing, form });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireWriter(args);
  const t = await getT(args.request, "material");
  const posted = await args.request.formData();
  const values = Object.fromEntries(MATERIAL_FIELDS.map((k) => [k, String(posted.get(k) ?? "").trim()]));
  const rows = Math.min(MATERIAL_LIMITS.steps, Math.max(0, Number(posted.get("rows")) || 0));
  const steps = Array.from({ length: rows }, (_, i) => Object.fromEntries(STEP_FIELDS.map((k) => [k, String(posted.get(`Steps.${i}.${k}`) ?? "").trim()])));
  const again = (errors: Record<string, string>, message: string | null, status = 400, more = 0) =>
    data({ errors, message, form: { values, steps: [...steps, ...blankRows(Math.min(more, MATERIAL_LIMITS.steps - steps.length))] } satisfies MaterialFormData }, { status });
  if (posted.get("intent") === "more") return again({}, null, 200, STEP_ROWS);
  if (posted.get("intent") !== "save") throw new Response("Bad request", { status: 400 });
  // Rows without a kind are left out; the API's Steps.n refers to the rows sent, mapped back to the form's rows.
  const kept = steps.map((s, i) => ({ s, i })).filter(({ s }) => s.Kind);
  try {
    const saved = await saveMaterial(args, token, { ...values, Id: values.Id || undefined, Version: values.Version ? Number(values.Version) : undefined, Steps: kept.map(({ s }) => s) });
    return redirectWithToast(args.request, materialHref(saved.Id), { kind: "success", text: t(values.Id ? "edit.saved" : "edit.created", { code: saved.Code }) });
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return pageFailure(args, e);
    if (e.status === 404) throw redirect(MATERIALS_PATH);
    let field = (e.returnData as { fields?: Array<{ field?: string }> } | null)?.fields?.[0]?.field ?? "";
    const m = /^Steps\.(\d+)\.(\w+)$/.exec(field);
    if (m) field = `Steps.${kept[Number(m[1])]?.i ?? m[1]}.${m[2]}`;
    return again(field ? { [field]: e.msg } : {}, e.msg || "Error", e.status === 409 ? 409 : 400);
  }
}

export default function EditMaterialPage() {
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<{ errors: Record<string, string>; message: string | null; form: MaterialFormData }>();
  const { t } = useTranslation("material");
  const form = failure?.form ?? loaded.form;
  const id = form.values.Id;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="material-edit-page">
      <PageHeader title={loaded.editing ? t("edit.titleEdit") : t("edit.title")} intro={t("edit.intro")} />
      <MaterialForm
        key={failure ? `again-${form.steps.length}-${Object.keys(failure.errors).join()}` : (form.values.Version ?? "new")}
        form={form}
        errors={failure?.errors ?? {}}
        message={failure?.message ?? null}
        cancelHref={id ? materialHref(id) : MATERIALS_PATH}
      />
    </Stack>
  );
}
