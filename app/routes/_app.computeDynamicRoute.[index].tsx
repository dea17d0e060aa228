import { Alert } from "~/components/mantine/Alert";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { CategoryIcon } from "~/components/compute/CategoryIcon";
import computeStyles from "~/components/compute/compute.css";
import { listCategories, requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { isImplemented } from "~/lib/pages";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /computeDynamicRoute/index: the landing page after login. The categories come from the API
 * (CalculateTask/GetSoftAlgorithmListBase); a tile opens its compute page only once that page exists.
 */
export const handle = { i18n: ["compute"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: computeStyles }];
export const meta = pageMeta;

interface Tile {
  category: string;
  categoryText: string;
  description: string;
  icon: string;
  href: string | null;
}

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "compute");
  let tiles: Tile[] = [];
  let error: string | null = null;
  try {
    tiles = (await listCategories(args, token))
      .slice()
      .sort((a, b) => a.sort - b.sort)
      .map((c) => {
        const href = `/steelResearchCompute/${c.category}`;
        return { category: c.category, categoryText: c.categoryText, description: c.description, icon: c.icon, href: isImplemented(href) ? href : null };
      });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    error = e.msg || "Error";
  }
  return data({ title: t("title"), tiles, error });
}

export default function ComputeIndex() {
  const { tiles, error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("compute");
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="compute-index">
      <PageHeader title={t("title")} intro={t("intro")} />
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <div className="cmp-grid">
        {tiles.map((c) => {
          // The category code names the translation; the API's own text is the fallback for a new one.
          const name = t(`categories.${c.category}.name`, { defaultValue: c.categoryText });
          const desc = t(`categories.${c.category}.desc`, { defaultValue: c.description });
          const body = (
            <>
              <div className="cmp-head">
                <span className="cmp-icon">
                  <CategoryIcon name={c.icon} />
                </span>
                <span className="cmp-name">{name}</span>
                {c.href ? <span className="cmp-state cmp-go">{t("enter")}</span> : <span className="cmp-state cmp-soon">{t("notYet")}</span>}
              </div>
              <p className="cmp-desc">{desc}</p>
            </>
          );
          return c.href ? (
            <Link key={c.category} to={c.href} className="cmp-tile" data-testid={`category-${c.category}`}>
              {body}
            </Link>
          ) : (
            <div key={c.category} className="cmp-tile" data-testid={`category-${c.category}`}>
              {body}
            </div>
          );
        })}
      </div>
    </Stack>
  );
}
