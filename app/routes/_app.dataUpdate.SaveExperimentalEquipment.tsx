import { Stack } from "~/components/mantine/Stack";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import detectionStyles from "~/components/detection/detection.css";
import { EquipmentForm, type EquipmentFormData } from "~/components/equipment/EquipmentForm";
import equipmentStyles from "~/components/equipment/equipment.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import testDataStyles from "~/components/testData/testData.css";
import { attachmentsShownAgain, collectAttachments, postedForm } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { getMethods } from "~/lib/detection.server";
import { EQUIPMENT_EDIT_PATH, EQUIPMENT_LIST_PATH } from "~/lib/equipment";
import { equipmentOptions, getEquipment, saveEquipment } from "~/lib/equipment.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { redirectWithToast } from "~/lib/page-actions.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /dataUpdate/SaveExperimentalEquipment (SystemAdmin, InsideAdmin, DataUpload, EquimentAdmin; docs/equipment.md):
 * registers an instrument, or with `?id=` edits one at the version it was opened with. The API checks every
 * field and the caller's reach; a refusal shows under its field with what was typed.
 */
export const handle = { i18n: ["equipment", "detection", "attachments", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }, { rel: "stylesheet", href: equipmentStyles }];
export const meta = pageMeta;

const FIELDS = ["Id", "Version", "Name", "Model", "Maker", "Serial", "Location", "DepartmentId", "KeeperId", "CalibratedOn", "CalibrationDue", "Status", "Note"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, EQUIPMENT_EDIT_PATH);
  const t = await getT(args.request, "equipment");
  const id = idParam(new URL(args.request.url).searchParams.get("id"));
  const [options, methods, editing] = await Promise.all([
    forPage(args, () => equipmentOptions(args, token)),
    forPage(args, () => getMethods(args, token)),
    id ? forPage(args, () => getEquipment(args, token, id)) : Promise.resolve(null),
  ]);
  const form: EquipmentFormData = editing
    ? {
        values: Object.fromEntries(FIELDS.map((k) => [k, String(editing[k] ?? "")])),
        methods: editing.Methods,
        photos: editing.Photos,
        manuals: editing.Manuals,
      }
    : { values: {}, methods: [], photos: [], manuals: [] };
  return data({ title: editing ? `${editing.Name} · ${t("edit.titleEdit")}` : t("edit.title"), editing: !!editing, form, options, methods: methods.map((m) => ({ Code: m.Code, Name: m.Name })) });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, EQUIPMENT_EDIT_PATH);
  const t = await getT(args.request, "equipment");
  const form = await postedForm(args.request);
  if (form.get("intent") !== "save") throw new Response("Bad request", { status: 400 });
  const values = Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? "").trim()]));
  const methods = form.getAll("Methods").map(String);
  // Files picked without JavaScript upload now, even when a field is refused, so they are not lost.
  const [photos, manuals] = [await collectAttachments(args, token, form, "Photos"), await collectAttachments(args, token, form, "Manuals")];
  const again = async (errors: Record<string, string>, message: string | null, status = 400) =>
    data(
      { errors, message, form: { values, methods, photos: await attachmentsShownAgain(args, token, photos.paths), manuals: await attachmentsShownAgain(args, token, manuals.paths) } satisfies EquipmentFormData },
      { status },
    );
  const fileErrors = [...photos.errors, ...manuals.errors];
  if (fileErrors.length) return again({}, fileErrors.join("\n"));
  try {
    const saved = await saveEquipment(args, token, {
      ...values,
      Id: values.Id || undefined,
      Version: values.Version ? Number(values.Version) : undefined,
      Methods: methods,
      Photos: photos.paths,
      Manuals: manuals.paths,
    });
    return redirectWithToast(args.request, `${EQUIPMENT_LIST_PATH}?keyword=${encodeURIComponent(saved.Name)}`, { kind: "success", text: t(values.Id ? "edit.saved" : "edit.registered", { name: saved.Name }) });
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return pageFailure(args, e);
    if (e.status === 404) throw redirect(EQUIPMENT_LIST_PATH);
    const field = (e.returnData as { fields?: Array<{ field?: string }> } | null)?.fields?.[0]?.field ?? "";
    return again(field ? { [field]: e.msg } : {}, e.msg || "Error", e.status === 409 ? 409 : 400);
  }
}

export default function SaveEquipmentPage() {
  const loaded = useLoaderData<typeof loader>();
  const failure = useActionData<{ errors: Record<string, string>; message: string | null; form: EquipmentFormData }>();
  const { t } = useTranslation("equipment");
  const form = failure?.form ?? loaded.form;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="equipment-edit-page">
      <PageHeader title={loaded.editing ? t("edit.titleEdit") : t("edit.title")} intro={t("edit.intro")} />
      <EquipmentForm
        key={failure ? "again" : (form.values.Version ?? "new")}
        form={form}
        errors={failure?.errors ?? {}}
        message={failure?.message ?? null}
        options={loaded.options}
        methods={loaded.methods}
        cancelHref={EQUIPMENT_LIST_PATH}
      />
    </Stack>
  );
}

