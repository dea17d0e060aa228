import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import appStoreStyles from "~/components/appStore/appStore.css";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { SafeHtml } from "~/components/SafeHtml";
import { systemListLinks } from "~/components/system/page-links";
import {
  DESK_APP_PATH,
  STORE_PATH,
  STORE_SHELVES,
  STORE_SORTS,
  UPLOAD_APP_PATH,
  confirmRunHref,
  isAppAdmin,
  runHref,
  storeAppHref,
  type StoreApp,
  type StoreCard,
  type StoreSort,
} from "~/lib/app-store";
import { featureApp, getStore, getStoreApp, rateApp } from "~/lib/app-store.server";
import { listCategories, requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { keywordFrom, listHref, pageFrom } from "~/lib/notices";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";

/**
 * /steelAppDashboard/index (every logged-in user; docs/app-store.md "The store"): the published apps. Without a
 * search: the featured, most used, best rated and newest shelves, then all of them; a search by name, id or tag,
 * category and order; each app's page (`?app=`): its documentation, what it takes and gives, its versions with
 * their changelogs, and Run (the same form as a built-in app's); app administrators feature it there. Works
 * without JavaScript: links, GET forms and POST forms.
 */
export const handle = { i18n: ["appStore", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: appStoreStyles }];
export const meta = pageMeta;
const PAGE_SIZE = 24;
const SHELF = 4;

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, STORE_PATH);
  const t = await getT(request, "appStore");
  const form = await request.formData();
  const appId = String(form.get("app") ?? "");
  const back = storeAppHref(appId);
  const intent = form.get("intent");
  if ((intent !== "rate" && intent !== "feature") || !/^[a-z][a-z0-9-]{2,39}$/.test(appId)) return data({ error: t("badRequest") }, { status: 400 });
  try {
    if (intent === "feature") {
      // The API refuses anyone but an app administrator; the page shows the button only to them.
      const featured = form.get("featured") === "1";
      await featureApp(args, token, { AppId: appId, Featured: featured });
      return redirectWithToast(request, back, { kind: "success", text: t(featured ? "store.featuredOn" : "store.featuredOff") });
    }
    await rateApp(args, token, { AppId: appId, Stars: Number(form.get("stars")), Comment: String(form.get("comment") ?? "") });
    return redirectWithToast(request, back, { kind: "success", text: t("store.rated") });
  } catch (e) {
    return toastFailure(args, e, back);
  }
}

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, STORE_PATH);
  const t = await getT(args.request, "appStore");
  const search = new URL(args.request.url).searchParams;
  const appId = search.get("app");
  if (appId) {
    const app = await forPage(args, () => getStoreApp(args, token, appId));
    return data({ title: `${app.Name} · ${t("store.title")}`, app, admin: isAppAdmin(user.roleList), list: null, shelves: null, categories: [], q: null });
  }
  const categories = (await forPage(args, () => listCategories(args, token))).map((c) => c.category);
  const q = {
    keyword: keywordFrom(search.get("keyword")),
    category: categories.includes(search.get("category") ?? "") ? search.get("category")! : "",
    tag: keywordFrom(search.get("tag")).slice(0, 24),
    sort: ((STORE_SORTS as readonly string[]).includes(search.get("sort") ?? "") ? search.get("sort") : "newest") as StoreSort,
    page: pageFrom(search.get("page")),
  };
  const searching = !!(q.keyword || q.category || q.tag) || q.page > 1 || q.sort !== "newest";
  const { Shelves, ...list } = await forPage(args, () => getStore(args, token, { ...q, pageSize: PAGE_SIZE, shelves: searching ? undefined : SHELF }));
  // The featured shelf whenever it has apps; the others once there are more apps than a shelf holds.
  const none = { used: [], rated: [], newest: [] };
  const shelves = Shelves ? { ...Shelves, ...(list.total > SHELF ? {} : none) } : null;
  return data({ title: t("store.title"), app: null, admin: false, list, shelves, categories, q });
}

/** A rating as five stars (filled to the nearest whole), read out by its number. */
function Stars({ value }: { value: number | null }) {
  const full = value === null ? 0 : Math.round(value);
  return (
    <span className="as-stars" aria-hidden="true">
      {"★".repeat(full)}
      <span className="as-stars-off">{"★".repeat(5 - full)}</span>
    </span>
  );
}

function Voices({ app }: { app: StoreApp }) {
  const { t } = useTranslation("appStore");
  const v = app.Voices;
  const busy = useNavigation().state === "submitting";
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="store-app-voices">
      <h2 className="as-section-title">{t("store.voices")}</h2>
      <p className="as-note" data-testid="store-app-rating">
        <Stars value={v.Average} /> {v.Average === null ? t("store.noRating") : t("store.rating", { rating: v.Average.toFixed(1), count: v.Count })}
      </p>
      {v.CanRate ? (
        <Form method="post" className="as-decision" data-testid="rate-form" style={{ marginTop: 10 }}>
          <input type="hidden" name="intent" value="rate" />
          <input type="hidden" name="app" value={app.AppId} />
          <fieldset>
            <legend>{t("store.rateTitle")}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n}>
                <input type="radio" name="stars" value={n} defaultChecked={(v.Mine?.Stars ?? 5) === n} required data-testid={`rate-${n}`} /> {t("store.starsN", { count: n })}
              </label>
            ))}
          </fieldset>
          <label style={{ display: "grid", gap: 4 }}>
            {t("store.reviewText")}
            <textarea name="comment" maxLength={1000} defaultValue={v.Mine?.Comment ?? ""} data-testid="rate-comment" />
          </label>
          <div>
            <Button type="submit" loading={busy} data-testid="rate-submit">
              {t("store.rate")}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="as-meta">{t("store.rateHint")}</p>
      )}
      {v.Reviews.length ? (
        <ul className="as-versions" style={{ marginTop: 12 }} data-testid="store-app-reviews">
          {v.Reviews.map((r, k) => (
            <li key={k}>
              <Stars value={r.Stars} /> <span className="as-meta">{t("store.reviewOf", { who: r.UserName, version: r.Version, at: formatDate(r.RatedAt, "{y}-{m}-{d}") })}</span>
              {r.Comment ? <p>{r.Comment}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="as-meta" style={{ marginTop: 8 }}>
          {t("store.reviewsEmpty")}
        </p>
      )}
    </Paper>
  );
}

function Card({ app }: { app: StoreCard }) {
  const { t } = useTranslation("appStore");
  return (
    <li className="as-card" data-testid="store-card" data-app={app.AppId}>
      <h3>
        <Link to={storeAppHref(app.AppId)}>{app.Name}</Link>
      </h3>
      <div className="as-meta">
        {t(`common:menu.${app.Category}`)} · {app.Version} · {t("store.by", { authors: app.Authors.join("、") })}
      </div>
      <p>{app.Description}</p>
      {app.Tags.length ? (
        <div className="as-tags">
          {app.Tags.map((tag) => (
            <Link key={tag} to={listHref(STORE_PATH, { tag })} className="as-tag">
              {tag}
            </Link>
          ))}
        </div>
      ) : null}
      <div className="as-card-foot">
        <span>
          <Stars value={app.Rating} /> {app.Rating === null ? t("store.noRating") : t("store.rating", { rating: app.Rating.toFixed(1), count: app.Ratings })} · {t("store.runs", { count: app.Runs })}
        </span>
        <Button component={Link} to={runHref(app.RunId)} size="xs" variant="light" data-testid="store-run">
          {t("store.run")}
        </Button>
      </div>
    </li>
  );
}

/** An app administrator's button that puts the app on the store's featured shelf or takes it off (a form: no JavaScript needed). */
function FeatureForm({ app }: { app: StoreApp }) {
  const { t } = useTranslation("appStore");
  return (
    <Form method="post" style={{ display: "contents" }}>
      <input type="hidden" name="intent" value="feature" />
      <input type="hidden" name="app" value={app.AppId} />
      <input type="hidden" name="featured" value={app.Featured ? "0" : "1"} />
      <Button type="submit" variant="default" data-testid="store-app-feature">
        {t(app.Featured ? "store.unfeature" : "store.feature")}
      </Button>
    </Form>
  );
}

function AppPage({ app, admin }: { app: StoreApp; admin: boolean }) {
  const { t } = useTranslation("appStore");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="store-app-page" data-app={app.AppId}>
      <p className="as-meta">
        <Link to={STORE_PATH} className="dt-code-link">
          ← {t("store.back")}
        </Link>
      </p>
      <div className="sys-head">
        <PageHeader title={app.Name} intro={app.Description} />
        <div className="sys-head-actions">
          <Button component={Link} to={runHref(app.RunId)} data-testid="store-app-run">
            {t("store.run")} {app.Version}
          </Button>
          <Button component={Link} to={confirmRunHref(app.AppId)} variant="light" data-testid="store-app-confirm">
            {t("confirm.open")}
          </Button>
          {admin ? <FeatureForm app={app} /> : null}
        </div>
      </div>
      <div className="as-app">
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <h2 className="as-section-title">{t("store.docs")}</h2>
          {app.DocsHtml ? <SafeHtml html={app.DocsHtml} className="as-docs" testId="store-app-docs" /> : <p className="as-note">{t("store.noDocs")}</p>}
        </Paper>
        <Stack gap="md">
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <h2 className="as-section-title">{t("store.facts")}</h2>
            <dl className="as-facts">
              <dt>{t("version.category")}</dt>
              <dd>{t(`common:menu.${app.Category}`)}</dd>
              <dt>{t("version.authors")}</dt>
              <dd>{app.Authors.join("、")}</dd>
              <dt>{t("store.publisher")}</dt>
              <dd>{app.OwnerName}</dd>
              <dt>{t("store.published")}</dt>
              <dd>{formatDate(app.PublishedAt, "{y}-{m}-{d}")}</dd>
              <dt>{t("version.runtime")}</dt>
              <dd>{t(`runtime.${app.Runtime}`)}</dd>
              <dt>{t("version.resources")}</dt>
              <dd>{t("version.resourcesLine", { cores: app.Resources.cores, memory: app.Resources.memoryMiB, walltime: app.Resources.walltimeMin })}</dd>
              <dt>{t("version.license")}</dt>
              <dd>{app.License}</dd>
              <dt>{t("version.inputs")}</dt>
              <dd>{app.Inputs.map((i) => (i.Unit ? `${i.Label} (${i.Unit})` : i.Label)).join("、")}</dd>
              <dt>{t("version.outputs")}</dt>
              <dd>{app.Outputs.map((o) => (o.Unit ? `${o.Label} (${o.Unit})` : o.Label)).join("、")}</dd>
              <dt>{t("store.runsLabel")}</dt>
              <dd data-testid="store-app-runs">{app.Runs}</dd>
            </dl>
            {app.Tags.length ? (
              <div className="as-tags" style={{ display: "flex", flexWrap: "wrap", gap: 4, marginTop: 8 }}>
                {app.Tags.map((tag) => (
                  <Link key={tag} to={listHref(STORE_PATH, { tag })} className="as-tag">
                    {tag}
                  </Link>
                ))}
              </div>
            ) : null}
          </Paper>
          <Voices app={app} />
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <h2 className="as-section-title">{t("store.versions")}</h2>
            <ul className="as-versions" data-testid="store-app-versions">
              {app.Versions.map((v) => (
                <li key={v.Version}>
                  <strong className="ls-mono">{v.Version}</strong> <span className="as-meta">{formatDate(v.PublishedAt, "{y}-{m}-{d}")}</span>{" "}
                  <Link to={runHref(v.RunId)} className="dt-code-link">
                    {t("store.runVersion")}
                  </Link>
                  {v.Changelog ? <p>{v.Changelog}</p> : null}
                </li>
              ))}
            </ul>
          </Paper>
        </Stack>
      </div>
    </Stack>
  );
}

export default function StorePage() {
  const { app, admin, list, shelves, categories, q } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appStore");
  if (app) return <AppPage app={app} admin={admin} />;
  const filtered = !!(q!.keyword || q!.category || q!.tag);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="store-page">
      <div className="sys-head">
        <PageHeader title={t("store.title")} intro={t("store.intro")} />
        <div className="sys-head-actions">
          <Button component={Link} to={DESK_APP_PATH} variant="default" data-testid="store-desktop">
            {t("store.desktop")}
          </Button>
          <Button component={Link} to={UPLOAD_APP_PATH} variant="light">
            {t("store.upload")}
          </Button>
        </div>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Form method="get" className="as-search" role="search" data-testid="store-search">
          <label className="as-grow">
            {t("store.keyword")}
            <input type="search" name="keyword" defaultValue={q!.keyword} maxLength={50} data-testid="store-keyword" />
          </label>
          <label>
            {t("store.category")}
            <select name="category" defaultValue={q!.category} data-testid="store-category">
              <option value="">{t("store.allCategories")}</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {t(`common:menu.${c}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("store.sort")}
            <select name="sort" defaultValue={q!.sort}>
              {STORE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`store.sorts.${s}`)}
                </option>
              ))}
            </select>
          </label>
          {q!.tag ? <input type="hidden" name="tag" value={q!.tag} /> : null}
          <Button type="submit" data-testid="store-search-submit">
            {t("store.search")}
          </Button>
        </Form>
        {q!.tag ? (
          <p className="as-meta" style={{ marginTop: 8 }}>
            <span className="as-tag">{q!.tag}</span>{" "}
            <Link to={listHref(STORE_PATH, { keyword: q!.keyword, category: q!.category })} className="dt-code-link">
              ×
            </Link>
          </p>
        ) : null}
      </Paper>
      {shelves ? (
        <div className="as-sections">
          {STORE_SHELVES.map((k) =>
            shelves[k].length ? (
              <section key={k} aria-labelledby={`shelf-${k}`}>
                <h2 id={`shelf-${k}`} className="as-section-title">
                  {t(`store.shelf.${k}`)}
                </h2>
                <ul className="as-cards" data-testid={`shelf-${k}`}>
                  {shelves[k].map((a) => (
                    <Card key={a.AppId} app={a} />
                  ))}
                </ul>
              </section>
            ) : null,
          )}
        </div>
      ) : null}
      <section aria-labelledby="store-all">
        <h2 id="store-all" className="as-section-title">
          {filtered ? t("store.found", { count: list!.total }) : t("store.all")}
        </h2>
        {!filtered ? <Text className="ls-count">{t("store.found", { count: list!.total })}</Text> : null}
        {list!.rows.length ? (
          <ul className="as-cards" data-testid="store-cards">
            {list!.rows.map((a) => (
              <Card key={a.AppId} app={a} />
            ))}
          </ul>
        ) : (
          <p className="ls-empty" data-testid="store-empty">
            {filtered ? t("store.emptyFilter") : t("store.empty")}
          </p>
        )}
        <Pager total={list!.total} size={list!.size} current={q!.page} hrefFor={(p) => listHref(STORE_PATH, { ...q!, page: p }, { sort: "newest", page: 1 })} />
      </section>
    </Stack>
  );
}
