import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { formatSize } from "~/lib/attachments";
import { CACHE_PATH, hitRate, type CacheRow } from "~/lib/caches";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { clearApiCache, listApiCaches } from "~/lib/system.server";
import { clearWebCache, webCaches, WEB_CACHE_NAMES } from "~/lib/web-caches.server";

/**
 * /systemManage/cacheManage (SystemAdmin): every cache the platform keeps, the API's (whose clear reaches
 * every API instance over the hub's bus) and this web server's, with entries, size, hits and misses; clear
 * one or all. Nothing is lost by a clear: each cache is rebuilt on its next use. docs/system.md lists them.
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links = systemListLinks;
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, CACHE_PATH);
  const t = await getT(args.request, "system");
  const api = await forPage(args, () => listApiCaches(args, token));
  return data({ title: t("cache.title"), api, web: webCaches() }, { headers: { "cache-control": "no-store" } });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, CACHE_PATH);
  const t = await getT(request, "system");
  const form = await request.formData();
  if (form.get("intent") !== "clear") throw new Response(t("cache.errors.invalid"), { status: 400 });
  const name = String(form.get("name") ?? "");
  const web = name.startsWith("web.") ? name.slice(4) : null;
  if (web !== null && !WEB_CACHE_NAMES.includes(web)) return redirectWithToast(request, CACHE_PATH, { kind: "error", text: t("cache.errors.unknown") });
  try {
    // The API records every clear (and clears its own on every instance); this server clears its own.
    await clearApiCache(args, token, name);
  } catch (e) {
    return toastFailure(args, e, CACHE_PATH);
  }
  if (web !== null) clearWebCache(web);
  if (name === "all") clearWebCache(null);
  const label = name === "all" ? t("cache.all") : t(`cache.name.${web ?? name}`, { defaultValue: name });
  return redirectWithToast(request, CACHE_PATH, { kind: "success", text: t("cache.cleared", { name: label }) });
}

function CacheTable({ rows, prefix, testId }: { rows: CacheRow[]; prefix: string; testId: string }) {
  const { t, i18n } = useTranslation("system");
  const nav = useNavigation();
  const num = (n: number | null) => (n === null ? "—" : n.toLocaleString(i18n.language));
  const busy = (name: string) => nav.state === "submitting" && nav.formData?.get("name") === name;
  return (
    <table className="ls-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t("cache.col.name")}</th>
          <th scope="col">{t("cache.col.entries")}</th>
          <th scope="col">{t("cache.col.size")}</th>
          <th scope="col">{t("cache.col.hits")}</th>
          <th scope="col">{t("cache.col.misses")}</th>
          <th scope="col">{t("cache.col.rate")}</th>
          <th scope="col">{t("cache.col.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => {
          const rate = hitRate(c);
          return (
            <tr key={c.Name} data-testid="cache-row" data-name={`${prefix}${c.Name}`}>
              <td className="ls-strong cache-name">
                {t(`cache.name.${c.Name}`, { defaultValue: c.Name })}
                <div className="cache-about">
                  {t(`cache.about.${c.Name}`, { defaultValue: "" })}
                </div>
              </td>
              <td data-label={t("cache.col.entries")} className="ls-num" data-testid="cache-entries">
                {num(c.Entries)}
              </td>
              <td data-label={t("cache.col.size")} className="ls-num">
                {formatSize(c.Bytes)}
              </td>
              <td data-label={t("cache.col.hits")} className="ls-num">
                {num(c.Hits)}
              </td>
              <td data-label={t("cache.col.misses")} className="ls-num">
                {num(c.Misses)}
              </td>
              <td data-label={t("cache.col.rate")} className="ls-num">
                {rate === null ? "—" : `${rate} %`}
              </td>
              <td>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="clear" />
                  <input type="hidden" name="name" value={`${prefix}${c.Name}`} />
                  <button type="submit" className="row-act" data-testid="cache-clear" disabled={busy(`${prefix}${c.Name}`)}>
                    {t("cache.clear")}
                  </button>
                </Form>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export default function CacheManage() {
  const { api, web } = useLoaderData<typeof loader>();
  const { t } = useTranslation("system");
  const nav = useNavigation();
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="cache-page">
      <div className="sys-head">
        <PageHeader title={t("cache.title")} intro={t("cache.intro")} />
        <div className="sys-head-actions">
          <Form method="post">
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="name" value="all" />
            <Button type="submit" variant="default" loading={nav.state === "submitting" && nav.formData?.get("name") === "all"} data-testid="cache-clear-all">
              {t("cache.clearAll")}
            </Button>
          </Form>
        </div>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="cache-api">
        <h2 className="sys-panel-title" id="cache-api">
          {t("cache.apiTitle")}
        </h2>
        <Text size="sm" c="dimmed" mb="sm">
          {t("cache.apiHint")}
        </Text>
        <CacheTable rows={api} prefix="" testId="cache-api" />
      </Paper>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="cache-web">
        <h2 className="sys-panel-title" id="cache-web">
          {t("cache.webTitle")}
        </h2>
        <Text size="sm" c="dimmed" mb="sm">
          {t("cache.webHint")}
        </Text>
        <CacheTable rows={web} prefix="web." testId="cache-web" />
      </Paper>
    </Stack>
  );
}
