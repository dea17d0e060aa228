import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import styles from "~/components/computeForm/computeForm.css";
import { requireAccess } from "~/lib/auth.server";
import { taskPageUrl } from "~/lib/compute-form";
import { loadCategory } from "~/lib/compute-form.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/**
 * /steelResearchCompute/<Category>: the category's apps (graphical and instruction buttons), the tasks
 * waiting for a slot (live through the real-time island's `ferrum:pending-count`), and the user's last five
 * tasks here. A category the API does not list falls back to the instruction-mode page.
 */
export const handle = { i18n: ["compute", "computeForm"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

const INSTRUCTION = "/steelResearchCompute/instructionModeCompute";

export async function loader(args: LoaderFunctionArgs) {
  // The access check of a listed category happens below: an unknown one is not refused but redirected.
  const { token } = await requireAccess(args, INSTRUCTION);
  const page = await loadCategory(args, token, args.params.category ?? "");
  if (!page) throw redirect(INSTRUCTION);
  await requireAccess(args, `/steelResearchCompute/${page.category}`);
  const t = await getT(args.request, "compute");
  return data({
    title: t(`categories.${page.category}.name`, {
      defaultValue: page.categoryText,
    }),
    page,
  });
}

export default function CategoryPage() {
  const { title, page } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeForm");
  const { t: tc } = useTranslation("compute");
  const [pending, setPending] = useState(page.pendingCount);
  useEffect(() => setPending(page.pendingCount), [page.pendingCount]);
  useEffect(() => {
    const on = (e: Event) => {
      const n = Number((e as CustomEvent).detail);
      if (Number.isFinite(n)) setPending(n);
    };
    window.addEventListener("ferrum:pending-count", on);
    return () => window.removeEventListener("ferrum:pending-count", on);
  }, []);
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="compute-category" data-category={page.category}>
      <PageHeader
        title={title}
        intro={tc(`categories.${page.category}.desc`, {
          defaultValue: page.description,
        })}
      />
      <div>
        <span className="cf-pending" data-testid="pending-count" aria-live="polite">
          {t("pending")}: <strong>{pending}</strong>
        </span>
      </div>
      <section aria-labelledby="cf-apps-title">
        <Title order={2} size="h4" mb="sm" id="cf-apps-title">
          {t("apps")}
        </Title>
        {page.apps.length === 0 ? (
          <Alert color="gray" variant="light" data-testid="no-apps">
            {t("noApps")}
          </Alert>
        ) : (
          <div className="cf-apps">
            {page.apps.map((a) => (
              <div key={a.id} className="cf-card" data-testid={`app-${a.id}`}>
                <h3>{a.name}</h3>
                <span className="cf-meta">{t("version", { v: a.version })}</span>
                {a.available ? null : (
                  // A code not installed here: said plainly, and no buttons that would lead to a refused task.
                  <Alert color="orange" variant="light" p="xs" data-testid={`unavailable-${a.id}`} title={t("unavailable")}>
                    {a.unavailableReason}
                  </Alert>
                )}
                {a.available ? (
                  <div className="cf-actions">
                    {a.modes.includes("graphical") ? (
                      <Button
                        component={Link}
                        to={`/steelResearchCompute/cloudCompute?app=${encodeURIComponent(a.id)}`}
                        size="sm"
                        data-testid={`graphical-${a.id}`}
                      >
                        {t("graphical")}
                      </Button>
                    ) : null}
                    {a.modes.includes("instruction") ? (
                      <Button
                        component={Link}
                        to={`${INSTRUCTION}?app=${encodeURIComponent(a.id)}`}
                        size="sm"
                        variant="light"
                        data-testid={`instruction-${a.id}`}
                      >
                        {t("instruction")}
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </div>
            ))}
          </div>
        )}
      </section>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="cf-recent-title">
        <Title order={2} size="h4" mb="sm" id="cf-recent-title">
          {t("recent")}
        </Title>
        {page.recent.length === 0 ? (
          <p className="cf-meta" data-testid="no-recent">
            {t("noRecent")}
          </p>
        ) : (
          <table className="cf-table" data-testid="recent-tasks">
            <thead>
              <tr>
                <th>{t("app")}</th>
                <th>{t("statusCol")}</th>
                <th className="cf-hide-sm">{t("created")}</th>
              </tr>
            </thead>
            <tbody>
              {page.recent.map((r) => (
                <tr key={r.id}>
                  <td>
                    <Link to={taskPageUrl(r.id)}>{r.appName}</Link>
                  </td>
                  <td>{t(`status.${r.status}`, { defaultValue: r.status })}</td>
                  <td className="cf-hide-sm">{r.when}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Paper>
    </Stack>
  );
}
