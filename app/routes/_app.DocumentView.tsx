import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type HeadersFunction, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import documentStyles from "~/components/documents/documents.css";
import { PageHeader } from "~/components/PageHeader";
import { formatSize } from "~/lib/attachments";
import { requireAccess } from "~/lib/auth.server";
import { DOCUMENT_PATH, PAGES_PER_VIEW, documentFileHref, documentHref, documentSource, pageImageHref, sourceParams, viewNumber, viewRange, type DocumentSource } from "~/lib/documents";
import { documentFacts, type DocumentFacts } from "~/lib/documents.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { pageFailure } from "~/lib/notices.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /DocumentView?src=attachment&id=<stored name>, ?src=task&task=<id>&path=<file> or ?src=report&id=<report id> (hidden): a document the user
 * may read. A PDF, and an Office file after its conversion, shows page by page as images drawn on the server, ten
 * to a view (`&page=` moves through the views), so it reads without JavaScript and on kiosks; an image shows
 * as itself, text escaped in a <pre>; anything else only offers its download. Someone else's document is the
 * 404 page; a damaged or mismatched file says why, in the user's language.
 */
export const handle = { i18n: ["document"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStyles }];
export const meta = pageMeta;
// A document's text and facts are the reader's alone: nothing of the page is kept by the browser (a shared kiosk).
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type Loaded =
  | { title: string; state: "empty" }
  | { title: string; state: "refused"; source: DocumentSource; message: string }
  | { title: string; state: "shown"; source: DocumentSource; doc: DocumentFacts; view: number };

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DOCUMENT_PATH);
  const t = await getT(args.request, "document");
  const q = new URL(args.request.url).searchParams;
  const source = documentSource(q);
  if (!source) return data<Loaded>({ title: t("title"), state: "empty" });
  const view = viewNumber(q);
  try {
    const doc = await documentFacts(args, token, source, (view - 1) * PAGES_PER_VIEW + 1);
    return data<Loaded>({ title: doc.Name, state: "shown", source, doc, view });
  } catch (e) {
    // A file the API will not show (damaged, not what its name says, a conversion that failed): said on the page.
    if (e instanceof UpstreamError && (e.status === 422 || e.status === 503 || e.status === 429)) {
      return data<Loaded>({ title: t("refused"), state: "refused", source, message: e.msg }, { status: e.status });
    }
    return pageFailure(args, e);
  }
}

export default function DocumentView() {
  const loaded = useLoaderData<typeof loader>() as Loaded;
  const { t } = useTranslation("document");
  if (loaded.state === "empty") {
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="document-empty">
        <PageHeader title={t("empty.title")} intro={t("empty.text")} />
      </Stack>
    );
  }
  if (loaded.state === "refused") {
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="document-refused">
        <PageHeader title={t("refused")} />
        <Alert color="red" role="alert" data-testid="document-refused-message">
          {loaded.message}
        </Alert>
        {/* The file itself is still the reader's: the message says to download it, so the button is here. */}
        <div>
          <Button component="a" href={documentFileHref(loaded.source)} data-testid="document-download">
            {t("download")}
          </Button>
        </div>
      </Stack>
    );
  }
  const { source, doc, view } = loaded;
  const kind = t(`kind.${doc.Kind}`);
  const intro = [kind, formatSize(doc.Size), doc.Pages ? t("pagesCount", { count: doc.Pages }) : null].filter(Boolean).join(" · ");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="document-view" data-kind={doc.Kind}>
      <div className="dv-head">
        <PageHeader title={doc.Name} intro={intro} />
        <Button component="a" href={documentFileHref(source)} download={doc.Name} aria-label={t("downloadName", { name: doc.Name })} data-testid="document-download">
          {t("download")}
        </Button>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <dl className="dv-facts" data-testid="document-facts">
          <div>
            <dt>{t("facts.type")}</dt>
            <dd>
              {kind} ({doc.Ext.toUpperCase() || "—"})
            </dd>
          </div>
          <div>
            <dt>{t("facts.size")}</dt>
            <dd>{formatSize(doc.Size)}</dd>
          </div>
          {doc.Pages ? (
            <div>
              <dt>{t("facts.pages")}</dt>
              <dd data-testid="document-pages">{doc.Pages}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("facts.modified")}</dt>
            <dd className="ls-mono">{formatDate(doc.ModifiedAt, "{y}-{m}-{d} {h}:{i}")}</dd>
          </div>
        </dl>
      </Paper>
      <DocumentBody source={source} doc={doc} view={view} />
    </Stack>
  );
}

function DocumentBody({ source, doc, view }: { source: DocumentSource; doc: DocumentFacts; view: number }) {
  const { t } = useTranslation("document");
  if (doc.Pages && doc.Version) return <PageImages source={source} doc={doc} view={view} />;
  if (doc.Kind === "image") return <img className="dv-image" src={documentFileHref(source, true)} alt={doc.Name} data-testid="document-image" />;
  if (doc.Kind === "text" && doc.Text !== null) {
    return (
      <Stack gap="xs">
        {doc.TextTruncated ? (
          <Text size="sm" c="dimmed" data-testid="document-truncated">
            {t("truncated", { size: formatSize(new TextEncoder().encode(doc.Text).length) })}
          </Text>
        ) : null}
        <pre className="dv-text" data-testid="document-text">
          {doc.Text}
        </pre>
      </Stack>
    );
  }
  return (
    <Alert color="gray" data-testid="document-no-preview">
      {doc.Note ?? t("noPreview")}
    </Alert>
  );
}

function PageImages({ source, doc, view }: { source: DocumentSource; doc: DocumentFacts; view: number }) {
  const { t } = useTranslation("document");
  const pages = doc.Pages!;
  const r = viewRange(pages, view);
  const numbers = Array.from({ length: r.last - r.first + 1 }, (_, i) => r.first + i);
  const pager = r.views > 1 ? <ViewPager source={source} pages={pages} view={r.view} views={r.views} /> : null;
  return (
    <Stack gap="md">
      {pager}
      <ol className="dv-pages" start={r.first} data-testid="document-page-list">
        {numbers.map((n, i) => {
          const [width, height] = doc.PageSizes[n - 1] ?? [0, 0];
          return (
            <li key={n}>
              <figure className="dv-page">
                <img
                  src={pageImageHref(source, n, doc.Version)}
                  width={width || undefined}
                  height={height || undefined}
                  // The first page is what the reader looks at first; the rest load as they scroll near.
                  loading={i === 0 ? "eager" : "lazy"}
                  alt={t("pageAlt", { n, name: doc.Name })}
                  data-testid="document-page"
                  data-page={n}
                />
                <figcaption>{t("pageOf", { n, count: pages })}</figcaption>
              </figure>
            </li>
          );
        })}
      </ol>
      {pager}
    </Stack>
  );
}

/** Previous and next views as links, and a plain GET form to jump to any view: all of it works without JavaScript. */
function ViewPager({ source, pages, view, views }: { source: DocumentSource; pages: number; view: number; views: number }) {
  const { t } = useTranslation("document");
  const r = viewRange(pages, view);
  return (
    <nav className="dv-pager" aria-label={t("pagerLabel")} data-testid="document-pager">
      <span data-testid="document-range">{t("range", { first: r.first, last: r.last, count: pages })}</span>
      <div className="dv-pager-links">
        {view > 1 ? (
          <Link to={documentHref(source, view - 1)} rel="prev" data-testid="document-prev">
            {t("prev")}
          </Link>
        ) : (
          <span aria-disabled="true">{t("prev")}</span>
        )}
        {view < views ? (
          <Link to={documentHref(source, view + 1)} rel="next" data-testid="document-next">
            {t("next")}
          </Link>
        ) : (
          <span aria-disabled="true">{t("next")}</span>
        )}
        <Form method="get" action={DOCUMENT_PATH} className="dv-jump">
          {Object.entries(sourceParams(source)).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <select name="page" key={view} defaultValue={String(view)} aria-label={t("jump")} data-testid="document-jump">
              {Array.from({ length: views }, (_, i) => {
                const o = viewRange(pages, i + 1);
                return (
                  <option key={i} value={i + 1}>
                    {t("rangeOption", { first: o.first, last: o.last })}
                  </option>
                );
              })}
          </select>
          <button type="submit">{t("go")}</button>
        </Form>
      </div>
    </nav>
  );
}
