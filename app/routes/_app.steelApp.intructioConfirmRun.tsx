import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import appStoreStyles from "~/components/appStore/appStore.css";
import detectionStyles from "~/components/detection/detection.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { CONFIRM_RUN_PATH, storeAppHref } from "~/lib/app-store";
import { getStoreApp } from "~/lib/app-store.server";
import { requireAccess } from "~/lib/auth.server";
import { taskPageUrl } from "~/lib/compute-form";
import { createTask, loadAppExample } from "~/lib/compute-form.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /steelApp/intructioConfirmRun?app=<app id> (hidden; docs/app-store.md): a published app's latest version as it
 * will run: the inputs its script reads (params.json, the example to start from, editable) and the command the
 * sandbox runs with its resources; confirming submits it as an instruction-mode task. A refused input comes back
 * with the API's message and the text as typed. Works without JavaScript.
 */
export const handle = { i18n: ["appStore", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: appStoreStyles }];
export const meta = pageMeta;
const PARAMS = "params.json";

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, CONFIRM_RUN_PATH);
  const t = await getT(args.request, "appStore");
  const appId = new URL(args.request.url).searchParams.get("app") ?? "";
  const app = await forPage(args, () => getStoreApp(args, token, appId));
  const example = await forPage(args, () => loadAppExample(args, token, app.RunId));
  return data({ title: `${t("confirm.title")} · ${app.Name}`, app, params: example.files[PARAMS] ?? "{}\n" });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, CONFIRM_RUN_PATH);
  const form = await args.request.formData();
  const runId = String(form.get("runId") ?? "");
  const params = String(form.get("params") ?? "");
  const r = await createTask(args, token, { appId: runId, mode: "instruction", deck: { [PARAMS]: params } });
  if (r.ok) return redirect(taskPageUrl(r.taskId));
  return data({ params, message: [r.message, ...r.fields.map((f) => f.message)].filter((m, i, all) => m && all.indexOf(m) === i).join("\n") }, { status: 400 });
}

export default function ConfirmRunPage() {
  const { app, params } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("appStore");
  const busy = useNavigation().state === "submitting";
  const command = `${app.Runtime === "python3" ? "python3" : app.Runtime} ${app.Command}`;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="confirm-run-page">
      <PageHeader title={`${t("confirm.title")} · ${app.Name} ${app.Version}`} intro={t("confirm.intro")} />
      <p className="as-meta">
        <Link to={storeAppHref(app.AppId)} className="dt-code-link">
          ← {app.Name}
        </Link>
      </p>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <dl className="as-facts">
          <dt>{t("confirm.command")}</dt>
          <dd className="ls-mono" data-testid="confirm-command">
            {command}
          </dd>
          <dt>{t("version.resources")}</dt>
          <dd>{t("version.resourcesLine", { cores: app.Resources.cores, memory: app.Resources.memoryMiB, walltime: app.Resources.walltimeMin })}</dd>
          <dt>{t("version.runtime")}</dt>
          <dd>{t(`runtime.${app.Runtime}`)}</dd>
        </dl>
        <p className="as-note" style={{ marginTop: 8 }}>
          {t("confirm.sandbox")}
        </p>
      </Paper>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Form method="post" className="as-decision" data-testid="confirm-form">
          <input type="hidden" name="runId" value={app.RunId} />
          {refused?.message ? (
            <Alert color="red" role="alert" data-testid="confirm-refused" style={{ whiteSpace: "pre-wrap" }}>
              {t("confirm.refused")}
              {refused.message}
            </Alert>
          ) : null}
          <label style={{ display: "grid", gap: 4 }}>
            {t("confirm.params")}
            <textarea
              name="params"
              rows={Math.min(24, Math.max(6, params.split("\n").length + 1))}
              defaultValue={refused?.params ?? params}
              spellCheck={false}
              className="ls-mono"
              data-testid="confirm-params"
            />
          </label>
          <div>
            <Button type="submit" loading={busy} data-testid="confirm-submit">
              {t("confirm.run")}
            </Button>
          </div>
        </Form>
      </Paper>
    </Stack>
  );
}
