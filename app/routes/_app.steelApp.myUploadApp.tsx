import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import appStoreStyles from "~/components/appStore/appStore.css";
import { VersionTable } from "~/components/appStore/VersionTable";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { MY_APPS_PATH, UPLOAD_APP_PATH, VERSION_STATES, storeAppHref, versionHref, type VersionState } from "~/lib/app-store";
import { listVersions } from "~/lib/app-store.server";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { keywordFrom, listHref, pageFrom } from "~/lib/notices";
import { forPage } from "~/lib/notices.server";

/**
 * /steelApp/myUploadApp (docs/app-store.md): every version of my apps, newest first, with its state; filtered by
 * state and name. Each opens its page (checks, test run, submit); a published one also its store page.
 */
export const handle = { i18n: ["appStore", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: appStoreStyles }];
export const meta = pageMeta;
const PAGE_SIZE = 20;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MY_APPS_PATH);
  const t = await getT(args.request, "appStore");
  const search = new URL(args.request.url).searchParams;
  const page = pageFrom(search.get("page"));
  const keyword = keywordFrom(search.get("keyword"));
  const state = (VERSION_STATES as readonly string[]).includes(search.get("state") ?? "") ? (search.get("state") as VersionState) : "";
  const list = await forPage(args, () => listVersions(args, token, { keyword, state, page, pageSize: PAGE_SIZE }));
  return data({ title: t("mine.title"), list, page, keyword, state });
}

export default function MyAppsPage() {
  const { list, page, keyword, state } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appStore");
  const filtered = !!(keyword || state);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="my-apps-page">
      <div className="sys-head">
        <PageHeader title={t("mine.title")} intro={t("mine.intro")} />
        <div className="sys-head-actions">
          <Button component={Link} to={UPLOAD_APP_PATH} data-testid="my-apps-upload">
            {t("mine.upload")}
          </Button>
        </div>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="as-search" role="search">
            <label className="as-grow">
              {t("mine.keyword")}
              <input type="search" name="keyword" defaultValue={keyword} maxLength={50} />
            </label>
            <label>
              {t("mine.stateFilter")}
              <select name="state" defaultValue={state}>
                <option value="">{t("mine.allStates")}</option>
                {VERSION_STATES.map((s) => (
                  <option key={s} value={s}>
                    {t(`state.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="light">
              {t("mine.search")}
            </Button>
          </Form>
          <Text className="ls-count">{t("mine.found", { count: list.total })}</Text>
          {list.rows.length ? (
            <VersionTable
              rows={list.rows}
              href={(v) => versionHref(v.Id)}
              actions={(v) =>
                v.State === "published" ? (
                  <Link to={storeAppHref(v.AppId)} className="dt-code-link">
                    {t("mine.storePage")}
                  </Link>
                ) : v.State === "tested" ? (
                  <Link to={versionHref(v.Id)} className="dt-code-link" data-testid="row-submit">
                    {t("mine.submit")}
                  </Link>
                ) : null
              }
            />
          ) : (
            <p className="ls-empty" data-testid="my-apps-empty">
              {filtered ? t("mine.emptyFilter") : t("mine.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={page} hrefFor={(p) => listHref(MY_APPS_PATH, { keyword, state, page: p }, { page: 1 })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
