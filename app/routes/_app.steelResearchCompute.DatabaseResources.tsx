import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import {
  data,
  redirect,
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type UploadHandler,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { DatabaseCard } from "~/components/tdbCatalogue/DatabaseCard";
import { DatabaseView } from "~/components/tdbCatalogue/DatabaseView";
import { UploadForm } from "~/components/tdbCatalogue/UploadForm";
import styles from "~/components/tdbCatalogue/tdbCatalogue.css";
import { requireAccess } from "~/lib/auth.server";
import { flashToast } from "~/lib/cookies.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { formatSize } from "~/lib/attachments";
import { CATALOGUE_PATH, catalogueHref, catalogueQuery, databaseHref, databaseQuery, isDatabaseId, TDB_MAX_BYTES, type CatalogueQuery } from "~/lib/tdb";
import { deleteDatabase, getDatabase, listDatabases, publishDatabase, uploadDatabase, type Listing } from "~/lib/tdb.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /steelResearchCompute/DatabaseResources (数据库): the thermodynamic database catalogue instead of the generic
 * category page. The shipped databases and the user's own and published uploads, each with its elements,
 * phases, source and citation; search by element; upload a TDB file (checked by the API's TDB reader before
 * it is accepted); publish (admins) and delete. With ?id= the same address shows one database (DatabaseView).
 * Forms and links only, so all of it works without JavaScript.
 */
export const handle = { i18n: ["tdb"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, CATALOGUE_PATH);
  const search = new URL(args.request.url).searchParams;
  const headers = { "cache-control": "private, no-store" };
  if (search.has("id")) {
    const query = databaseQuery(search);
    if (!query) throw new Response((await getT(args.request))("errors.notFound"), { status: 404, statusText: "Not Found" });
    const detail = await forPage(args, () => getDatabase(args, token, query));
    return data({ view: "database" as const, title: detail.database.name, query, detail }, { headers });
  }
  const query = catalogueQuery(search);
  const t = await getT(args.request, "tdb");
  const list = await forPage(args, () => listDatabases(args, token, query));
  return data({ view: "catalogue" as const, title: t("title"), query, list }, { headers });
}

/** The file part read into memory, at most one byte over the limit: enough for the API to say "too large". */
const boundedFile: UploadHandler = async ({ filename, contentType, data: chunks }) => {
  if (filename === undefined) return undefined;
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const c of chunks) {
    if (size > TDB_MAX_BYTES) continue;
    parts.push(c);
    size += c.length;
  }
  if (!filename && size === 0) return null;
  return new File([new Uint8Array(Buffer.concat(parts).subarray(0, TDB_MAX_BYTES + 1))], filename, { type: contentType });
};

type UploadAnswer = { upload: { error: string; values: { name: string; citation: string } } };

async function upload(args: ActionFunctionArgs, token: string) {
  const t = await getT(args.request, "tdb");
  // Clearly more than one file of the limit and a few fields: refused before it is read.
  if (Number(args.request.headers.get("content-length") ?? 0) > TDB_MAX_BYTES + 256 * 1024) {
    return data<UploadAnswer>({ upload: { error: t("upload.tooLarge", { size: formatSize(TDB_MAX_BYTES) }), values: { name: "", citation: "" } } }, { status: 413 });
  }
  const form = await parseMultipartFormData(args.request, composeUploadHandlers(boundedFile, createMemoryUploadHandler({ maxPartSize: 64 * 1024 })));
  const values = { name: String(form.get("name") ?? "").trim(), citation: String(form.get("citation") ?? "").trim() };
  const file = form.get("file");
  if (!file || typeof file === "string") return data<UploadAnswer>({ upload: { error: t("upload.noFile"), values } }, { status: 400 });
  try {
    const db = await uploadDatabase(args, token, file, values);
    return redirect(databaseHref(db.id), { headers: { "Set-Cookie": await flashToast(args.request, { kind: "success", text: db.warningCount ? t("upload.doneWithNotes", { name: db.name, n: db.warningCount }) : t("upload.done", { name: db.name }) }) } });
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return pageFailure(args, e);
    return data<UploadAnswer>({ upload: { error: e.msg || t("upload.failed"), values } }, { status: e.status === 413 ? 413 : 400 });
  }
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, CATALOGUE_PATH);
  if (/^multipart\/form-data/i.test(args.request.headers.get("content-type") ?? "")) return upload(args, token);
  const form = await args.request.formData();
  const t = await getT(args.request, "tdb");
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (!isDatabaseId(id) || !["publish", "unpublish", "delete"].includes(intent)) throw new Response(t("badIntent"), { status: 400 });
  let toast: { kind: "success" | "warning"; text: string };
  try {
    if (intent === "delete") await deleteDatabase(args, token, id);
    else await publishDatabase(args, token, id, intent === "publish");
    toast = { kind: "success", text: t(`done.${intent}`) };
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return pageFailure(args, e);
    toast = { kind: "warning", text: e.msg || t("failed") };
  }
  // Back to the list the user was looking at (its search kept), never to an address from the form.
  const back = new URL(args.request.url);
  return redirect(`${CATALOGUE_PATH}${back.search}`, { headers: { "Set-Cookie": await flashToast(args.request, toast) } });
}

export default function DatabaseResources() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as UploadAnswer | undefined;
  if (page.view === "database") return <DatabaseView query={page.query} detail={page.detail} />;
  return <Catalogue title={page.title} query={page.query} list={page.list} answer={answer} />;
}

function Catalogue({ title, query, list, answer }: { title: string; query: CatalogueQuery; list: Listing; answer: UploadAnswer | undefined }) {
  const { t } = useTranslation("tdb");
  const selected = list.elements.filter((e) => query.elements.toUpperCase().split(/[\s,;，、；]+/).includes(e.toUpperCase()));
  const filtered = !!(query.elements || query.keyword);
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="tdb-catalogue">
      <PageHeader title={title} intro={t("intro")} />
      <div>
        <Button component="a" href="#tdb-upload-title" variant="light" size="xs" data-testid="tdb-to-upload">
          {t("upload.title")}
        </Button>
      </div>
      <section aria-labelledby="tdb-search-title">
        <Title order={2} size="h4" mb="xs" id="tdb-search-title">
          {t("search.title")}
        </Title>
        <Form method="get" className="tdb-toolbar" data-testid="tdb-search">
          <div className="tdb-field">
            <label htmlFor="tdb-elements">{t("search.elements")}</label>
            <input id="tdb-elements" type="search" name="elements" defaultValue={query.elements} placeholder={t("search.elementsPlaceholder")} />
          </div>
          <div className="tdb-field">
            <label htmlFor="tdb-keyword">{t("search.keyword")}</label>
            <input id="tdb-keyword" type="search" name="keyword" defaultValue={query.keyword} placeholder={t("search.keywordPlaceholder")} />
          </div>
          <div className="tdb-actions">
            <Button type="submit" data-testid="tdb-search-submit">
              {t("search.submit")}
            </Button>
            {filtered ? (
              <Button component={Link} to={catalogueHref()} variant="default">
                {t("search.clear")}
              </Button>
            ) : null}
          </div>
        </Form>
        {list.elements.length ? (
          <div className="tdb-chips" style={{ marginTop: 10 }} aria-label={t("search.available")}>
            {list.elements.map((e) => (
              <Link key={e} className="tdb-chip" to={catalogueHref({ elements: e })} aria-current={selected.includes(e) ? "true" : undefined}>
                {e}
              </Link>
            ))}
          </div>
        ) : null}
      </section>
      <section aria-labelledby="tdb-list-title">
        <Title order={2} size="h4" mb="xs" id="tdb-list-title">
          {filtered ? t("list.found", { n: list.total }) : t("list.title", { n: list.total })}
        </Title>
        {list.rows.length === 0 ? (
          <Alert color="gray" variant="light" data-testid="tdb-none">
            {filtered ? t("list.noneFound") : t("list.none")}
          </Alert>
        ) : (
          <div className="tdb-list" data-testid="tdb-list">
            {list.rows.map((db) => (
              <DatabaseCard key={db.id} db={db} selected={selected} />
            ))}
          </div>
        )}
      </section>
      <UploadForm error={answer?.upload?.error ?? null} values={answer?.upload?.values ?? { name: "", citation: "" }} />
    </Stack>
  );
}
