import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Stack } from "~/components/mantine/Stack";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { ParamFields, RefusedAlert, ResourceFields, SubmitRow, UnavailableNotice } from "~/components/computeForm/FormParts";
import { loadCapacity } from "~/components/computeForm/capacity.server";
import styles from "~/components/computeForm/computeForm.css";
import { requireAccess } from "~/lib/auth.server";
import { formErrors, initialValues, paramsOf, projectOf, readValues, resourcesOf, taskPageUrl, withProject, type FormErrors, type FormValues } from "~/lib/compute-form";
import { chargeableProjects, createTask, loadAppForm, loadTaskInputs } from "~/lib/compute-form.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { WorkflowEditor } from "~/components/workflow/WorkflowEditor";
import { WORKFLOW_APP } from "~/components/workflow/editor-state";
import workflowStyles from "~/components/workflow/workflow.css";
import { workflowEditorAction, workflowEditorLoader, type EditorResult } from "~/lib/workflow-editor.server";

/**
 * /steelResearchCompute/cloudCompute?app=<appId>[&from=<taskId>][&<field>=<value>…]: the graphical form, drawn from the app's
 * form description (CalculateTask/GetAppForm), with the resources on the same form. Submit → CreateTask →
 * the task page; a refusal shows the API's messages under their fields and keeps every value as typed.
 */
export const handle = { i18n: ["compute", "computeForm", "workflow"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }, { rel: "stylesheet", href: workflowStyles }];
export const meta = pageMeta;

type ActionResult = { values: FormValues; errors: FormErrors; message: string };

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "computeForm");
  const q = new URL(args.request.url).searchParams;
  // A workflow has its own editor (steps, chains): app/components/workflow.
  if (q.get("app") === WORKFLOW_APP) return data(await workflowEditorLoader(args, token, q));
  const form = await loadAppForm(args, token, q.get("app") ?? "");
  if (!form) return data({ title: t("graphicalTitle"), form: null, values: {}, from: null, fromMissing: false }, { status: 404 });
  if (!form.modes.includes("graphical")) throw redirect(`/steelResearchCompute/instructionModeCompute?app=${encodeURIComponent(form.appId)}`);
  const fromId = q.get("from");
  const [from, capacity, projects] = await Promise.all([fromId ? loadTaskInputs(args, token, fromId) : null, loadCapacity(args, token), chargeableProjects(args, token)]);
  const usable = from && from.appId === form.appId && from.params ? from : null;
  const values = withProject(initialValues(form, usable?.params ?? null, usable?.resources ?? null), projects, q.get("project"));
  // A link may set fields by name (a click on a phase diagram opens an equilibrium at that point): they
  // only pre-fill the form; the API still checks everything on submit.
  for (const f of form.fields) {
    const v = q.get(f.name);
    if (v !== null && v.length <= (f.multiline?.maxBytes ?? 200)) values[f.name] = v;
  }
  return data({
    title: `${t("graphicalTitle")} · ${form.name}`,
    form,
    values,
    from: usable ? usable.id : null,
    fromMissing: Boolean(fromId) && !usable,
    capacity,
    projects,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, "/steelResearchCompute/cloudCompute");
  const posted = await args.request.formData();
  if (posted.get("app") === WORKFLOW_APP) return workflowEditorAction(args, token, posted);
  const form = await loadAppForm(args, token, String(posted.get("app") ?? ""));
  if (!form) {
    const t = await getT(args.request, "computeForm");
    throw new Response(t("unknownApp"), { status: 404 });
  }
  // A text-file param's picked file replaces what its text area holds (nothing is read beyond its limit).
  const uploaded: Record<string, string> = {};
  for (const f of form.fields) {
    const file = f.multiline ? posted.get(`${f.name}File`) : null;
    if (!file || typeof file === "string" || file.size === 0) continue;
    if (file.size > f.multiline!.maxBytes) {
      const t = await getT(args.request, "computeForm");
      const values = readValues(form, (n) => posted.get(n));
      const message = t("fileTooLarge", { name: f.label, kb: Math.round(f.multiline!.maxBytes / 1024) });
      return data<ActionResult>({ values, errors: { [f.name]: message }, message }, { status: 400 });
    }
    uploaded[f.name] = await file.text();
  }
  const values = readValues(form, (n) => uploaded[n] ?? posted.get(n));
  const r = await createTask(args, token, { appId: form.appId, mode: "graphical", params: paramsOf(form, values), resources: resourcesOf(values), projectId: projectOf(values) });
  if (r.ok) return redirect(taskPageUrl(r.taskId));
  return data<ActionResult>({ values, errors: formErrors(r.fields), message: r.message }, { status: 400 });
}

export default function CloudCompute() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as ActionResult | undefined;
  const { t } = useTranslation("computeForm");
  const { t: tc } = useTranslation("compute");
  if ("kind" in loaded) return <WorkflowEditor page={loaded} result={refused as unknown as EditorResult | undefined} />;
  if (!loaded.form) {
    return (
      <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="cloud-compute">
        <PageHeader title={t("graphicalTitle")} />
        <Alert color="orange" variant="light" role="alert">
          {t("unknownApp")}
        </Alert>
        <Group>
          <Button component={Link} to="/computeDynamicRoute/index" variant="light">
            {t("backToCompute")}
          </Button>
        </Group>
      </Stack>
    );
  }
  const form = loaded.form;
  const values = refused?.values ?? (loaded.values as FormValues);
  const errors = refused?.errors ?? {};
  // A refused submit re-renders the inputs with what was posted: a new key makes uncontrolled inputs take it.
  const key = refused ? JSON.stringify(refused.values) : "initial";
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="cloud-compute">
      <PageHeader title={`${t("graphicalTitle")} · ${form.name}`} intro={t("graphicalIntro")} />
      <UnavailableNotice form={form} />
      <Group gap="xs">
        <Button component={Link} to={`/steelResearchCompute/${form.category}`} variant="subtle" size="xs">
          {tc(`categories.${form.category}.name`, { defaultValue: form.category })}
        </Button>
        {form.modes.includes("instruction") ? (
          <Button component={Link} to={`/steelResearchCompute/instructionModeCompute?app=${encodeURIComponent(form.appId)}`} variant="subtle" size="xs" data-testid="to-instruction">
            {t("otherMode", { mode: t("instruction") })}
          </Button>
        ) : null}
      </Group>
      {loaded.from ? (
        <Alert color="blue" variant="light" data-testid="clone-note">
          {t("cloneOf", { id: loaded.from })}
        </Alert>
      ) : null}
      {loaded.fromMissing ? (
        <Alert color="orange" variant="light" data-testid="clone-missing">
          {t("cloneMissing")}
        </Alert>
      ) : null}
      <RefusedAlert message={refused?.message ?? null} errors={errors} />
      <Form
        method="post"
        noValidate
        data-testid="graphical-form"
        key={key}
        encType={form.fields.some((f) => f.multiline) ? "multipart/form-data" : "application/x-www-form-urlencoded"}
      >
        <input type="hidden" name="app" value={form.appId} />
        <Stack gap="md">
          <ParamFields form={form} values={values} errors={errors} />
          <ResourceFields form={form} values={values} errors={errors} capacity={loaded.capacity} projects={loaded.projects} />
          <SubmitRow />
        </Stack>
      </Form>
    </Stack>
  );
}
