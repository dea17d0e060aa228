import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { RefusedAlert, ResourceFields, SubmitRow, UnavailableNotice } from "~/components/computeForm/FormParts";
import { loadCapacity } from "~/components/computeForm/capacity.server";
import styles from "~/components/computeForm/computeForm.css";
import { chargeableProjects } from "~/lib/compute-form.server";
import { requireAccess } from "~/lib/auth.server";
import { formErrors, initialValues, projectOf, readValues, resourcesOf, taskPageUrl, withProject, type FormErrors, type FormValues } from "~/lib/compute-form";
import { createTask, instructionApps, loadAppForm, type AppSummary } from "~/lib/compute-form.server";
import { DECK_MAX_BYTES, readDeckFiles } from "~/lib/deck-files.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/**
 * /steelResearchCompute/instructionModeCompute?app=<appId>: the app's main input file, edited in a textarea
 * (starting from the app's example deck) or uploaded, plus resources. Submit → CreateTask (mode instruction)
 * → the task page; deck errors come back with their line numbers. Without `app` (or for an unknown one, and
 * for an unknown category's fallback) it offers the apps that take instruction mode.
 */
export const handle = { i18n: ["compute", "computeForm"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

/** The API takes up to 1 MiB of deck (main input and other files); a post beyond twice that is refused before it is read. */
const UPLOAD_MAX_BYTES = DECK_MAX_BYTES;
const SELF = "/steelResearchCompute/instructionModeCompute";

type ActionResult = { values: FormValues; deck: string; errors: FormErrors; message: string };

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "computeForm");
  const appId = new URL(args.request.url).searchParams.get("app") ?? "";
  const form = await loadAppForm(args, token, appId);
  if (form && !form.modes.includes("instruction")) throw redirect(`/steelResearchCompute/cloudCompute?app=${encodeURIComponent(form.appId)}`);
  if (!form) {
    // The apps that take an input deck, to choose from (the fallback of an unknown category lands here too).
    return data({ title: t("instructionTitle"), form: null, values: {}, apps: await instructionApps(args, token), unknown: Boolean(appId) });
  }
  const [capacity, projects] = await Promise.all([loadCapacity(args, token), chargeableProjects(args, token)]);
  const values = withProject(initialValues(form), projects, new URL(args.request.url).searchParams.get("project"));
  return data({ title: `${t("instructionTitle")} · ${form.name}`, form, values, apps: [] as AppSummary[], unknown: false, capacity, projects });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, SELF);
  const t = await getT(args.request, "computeForm");
  if (Number(args.request.headers.get("content-length") ?? 0) > 2 * UPLOAD_MAX_BYTES + 64 * 1024) throw new Response(t("uploadTooLarge"), { status: 413 });
  const posted = await args.request.formData();
  const form = await loadAppForm(args, token, String(posted.get("app") ?? ""));
  if (!form) throw new Response(t("unknownApp"), { status: 404 });
  const values = readValues(form, (n) => posted.get(n));
  const upload = posted.get("deckFile");
  let deck = typeof posted.get("deck") === "string" ? String(posted.get("deck")) : "";
  const refuse = (message: string) => data<ActionResult>({ values, deck, errors: { deck: message }, message }, { status: 400 });
  // The other files of the deck (pseudopotentials, a .geo, a case archive with its folders).
  const extra = await readDeckFiles(posted.getAll("extraFiles").filter((f): f is File => typeof f !== "string"));
  if ("refused" in extra) return refuse(t(`extraRefused.${extra.refused.reason}`, { name: extra.refused.name }));
  const uploadedMain = upload && typeof upload !== "string" && upload.size > 0;
  if (uploadedMain) {
    if (upload.size > UPLOAD_MAX_BYTES) return refuse(t("uploadTooLarge"));
    deck = await upload.text();
  } else if (extra.files[form.mainInput] !== undefined) {
    // A case archive that has the main input (an OpenFOAM case's system/controlDict) brings its own.
    deck = extra.files[form.mainInput];
  }
  const files = { ...extra.files, [form.mainInput]: deck };
  const r = await createTask(args, token, { appId: form.appId, mode: "instruction", deck: files, resources: resourcesOf(values), projectId: projectOf(values) });
  if (r.ok) return redirect(taskPageUrl(r.taskId));
  return data<ActionResult>({ values, deck, errors: formErrors(r.fields, true), message: r.message }, { status: 400 });
}

export default function InstructionMode() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation("computeForm");
  const { t: tc } = useTranslation("compute");
  if (!loaded.form) {
    return (
      <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="instruction-mode">
        <PageHeader title={t("instructionTitle")} intro={t("instructionIntro")} />
        {loaded.unknown ? (
          <Alert color="orange" variant="light" role="alert">
            {t("unknownApp")}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Title order={2} size="h4" mb="sm">
            {t("chooseApp")}
          </Title>
          <div className="cf-actions" data-testid="instruction-apps">
            {loaded.apps.map((a) => (
              <Button key={a.id} component={Link} to={`${SELF}?app=${encodeURIComponent(a.id)}`} variant="light">
                {a.name}
              </Button>
            ))}
            <Button component={Link} to="/computeDynamicRoute/index" variant="subtle">
              {t("backToCompute")}
            </Button>
          </div>
        </Paper>
      </Stack>
    );
  }
  const form = loaded.form;
  const values = refused?.values ?? (loaded.values as FormValues);
  const errors = refused?.errors ?? {};
  const deck = refused?.deck ?? form.exampleDeck;
  const key = refused ? JSON.stringify([refused.values, refused.deck]) : "initial";
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="instruction-mode">
      <PageHeader title={`${t("instructionTitle")} · ${form.name}`} intro={t("instructionIntro")} />
      <UnavailableNotice form={form} />
      <Group gap="xs">
        <Button component={Link} to={`/steelResearchCompute/${form.category}`} variant="subtle" size="xs">
          {tc(`categories.${form.category}.name`, { defaultValue: form.category })}
        </Button>
        {form.modes.includes("graphical") ? (
          <Button component={Link} to={`/steelResearchCompute/cloudCompute?app=${encodeURIComponent(form.appId)}`} variant="subtle" size="xs">
            {t("otherMode", { mode: t("graphical") })}
          </Button>
        ) : null}
      </Group>
      <RefusedAlert message={refused?.message ?? null} errors={errors} />
      <Form method="post" encType="multipart/form-data" noValidate data-testid="instruction-form" key={key}>
        <input type="hidden" name="app" value={form.appId} />
        <Stack gap="md">
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} className="cf-deck">
            <div className="cf-field">
              <label htmlFor="f-deck">{t("deck", { file: form.mainInput })}</label>
              <span className="cf-hint">{t("deckHint")}</span>
              <textarea
                id="f-deck"
                name="deck"
                defaultValue={deck}
                spellCheck={false}
                aria-invalid={errors.deck ? true : undefined}
                aria-describedby={errors.deck ? "err-deck" : undefined}
                data-testid="deck-text"
              />
              {errors.deck ? (
                <div className="cf-error" id="err-deck" role="alert" data-testid="error-deck">
                  {errors.deck}
                </div>
              ) : null}
              <label htmlFor="f-deckFile" className="cf-hint" style={{ marginTop: 8 }}>
                {t("upload")}
              </label>
              <input id="f-deckFile" name="deckFile" type="file" data-testid="deck-file" />
              <label htmlFor="f-extraFiles" className="cf-hint" style={{ marginTop: 8 }}>
                {t("extraFiles")}
              </label>
              <input id="f-extraFiles" name="extraFiles" type="file" multiple data-testid="extra-files" />
              {form.exampleFileCount > 1 ? (
                // A deck of several files (a case) starts from the whole example, not just its main file.
                <a className="cf-hint" href={`/steelResearchCompute/exampleDeck?app=${encodeURIComponent(form.appId)}`} download data-testid="example-deck">
                  {t("exampleDeck", { count: form.exampleFileCount })}
                </a>
              ) : null}
            </div>
          </Paper>
          <ResourceFields form={form} values={values} errors={errors} capacity={"capacity" in loaded ? loaded.capacity : null} projects={"projects" in loaded ? loaded.projects : []} />
          <SubmitRow />
        </Stack>
      </Form>
    </Stack>
  );
}
