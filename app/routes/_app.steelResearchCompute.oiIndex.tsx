import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import styles from "~/components/computeDocs/computeDocs.css";
import { requireAccess } from "~/lib/auth.server";
import { categoryUrl, docUrl, graphicalUrl, instructionUrl } from "~/lib/compute-docs";
import { loadCatalogue } from "~/lib/compute-docs.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/**
 * /steelResearchCompute/oiIndex: the software catalogue. Every app the API offers, grouped by category, each
 * with its documentation page and the graphical / instruction forms. Plain links: the same with JS off.
 */
export const handle = { i18n: ["compute", "computeDocs"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "computeDocs");
  return data({ title: t("title"), categories: await loadCatalogue(args, token) });
}

export default function SoftwareCatalogue() {
  const { title, categories } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeDocs");
  const { t: tc } = useTranslation("compute");
  return (
    <Stack gap="xl" p={{ base: "sm", sm: "lg" }} data-testid="compute-catalogue">
      <PageHeader title={title} intro={t("intro")} />
      {categories.length === 0 ? (
        <Alert color="gray" variant="light" data-testid="no-apps">
          {t("noApps")}
        </Alert>
      ) : (
        categories.map((c) => (
          <section key={c.category} className="cd-cat" aria-labelledby={`cd-${c.category}`} data-testid={`category-${c.category}`}>
            <h2 id={`cd-${c.category}`}>
              <Link to={categoryUrl(c.category)}>{tc(`categories.${c.category}.name`, { defaultValue: c.categoryText || c.category })}</Link>
            </h2>
            <p>{tc(`categories.${c.category}.desc`, { defaultValue: c.description })}</p>
            <div className="cd-apps">
              {c.apps.map((a) => (
                <article key={a.id} className="cd-card" data-testid={`app-${a.id}`}>
                  <h3>
                    <Link to={docUrl(a.id)}>{a.name || a.id}</Link>
                  </h3>
                  <div className="cd-meta">
                    <span>{t("version", { v: a.version })}</span>
                    <span>{a.modes.map((m) => t(`mode.${m}`, { defaultValue: m })).join(" · ")}</span>
                  </div>
                  <div className="cd-actions">
                    <Button component={Link} to={docUrl(a.id)} size="xs" variant="default" data-testid={`doc-${a.id}`}>
                      {t("docs")}
                    </Button>
                    {a.modes.includes("graphical") ? (
                      <Button component={Link} to={graphicalUrl(a.id)} size="xs" data-testid={`graphical-${a.id}`}>
                        {t("mode.graphical")}
                      </Button>
                    ) : null}
                    {a.modes.includes("instruction") ? (
                      <Button component={Link} to={instructionUrl(a.id)} size="xs" variant="light" data-testid={`instruction-${a.id}`}>
                        {t("mode.instruction")}
                      </Button>
                    ) : null}
                  </div>
                </article>
              ))}
            </div>
          </section>
        ))
      )}
    </Stack>
  );
}
