import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AttachmentList } from "~/components/attachments/AttachmentList";
import drStyles from "~/components/dataResources/dataResources.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { isPathAllowed } from "~/lib/access";
import { requireAccess } from "~/lib/auth.server";
import { DR_EDIT_PATH, DR_GRADES_PATH, DR_INDEX_PATH, DR_PROPERTIES_PATH, gradeListHref, gradeQuery } from "~/lib/data-resources";
import { resourceIndex } from "~/lib/data-resources.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /dataResource/index: the data resources as tiles (docs/data-resources.md): the steel-grade database and
 * its four searches, the thermodynamic databases of the CALPHAD apps, the pseudopotentials and interatomic
 * potentials the installed codes read, what SystemAdmins added (links and uploaded datasets), and the
 * external databases (a single-sign-on partner opens through /dataResource/open, logged in).
 */
export const handle = { i18n: ["dataResource", "attachments"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: drStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, DR_INDEX_PATH);
  const t = await getT(args.request, "dataResource");
  const index = await forPage(args, () => resourceIndex(args, token));
  return data({ title: t("index.title"), index, canAdd: isPathAllowed(DR_EDIT_PATH, user.resList, []) });
}

export default function DataResources() {
  const { index, canAdd } = useLoaderData<typeof loader>();
  const { t } = useTranslation("dataResource");
  const empty = gradeQuery(new URLSearchParams());
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="data-resources">
      <div className="sys-head">
        <PageHeader title={t("index.title")} intro={t("index.intro")} />
        {canAdd ? (
          <div className="sys-head-actions">
            <Button component={Link} to={DR_EDIT_PATH} data-testid="resource-add">
              {t("index.add")}
            </Button>
          </div>
        ) : null}
      </div>

      <section aria-labelledby="dr-platform">
        <h2 className="dr-section-title" id="dr-platform">
          {t("index.platform")}
        </h2>
        <div className="dr-tiles">
          <article className="dr-tile" data-testid="tile-grades">
            <h3>{t("index.grades")}</h3>
            <span className="dr-tile-figure">{index.Grades.Grades}</span>
            <p>{t("index.gradesText", { standards: index.Grades.Standards, sources: index.Grades.Sources })}</p>
            <div className="dr-tile-actions">
              <Button component={Link} to={DR_GRADES_PATH} size="xs">
                {t("views.grade")}
              </Button>
              <Button component={Link} to={DR_PROPERTIES_PATH} size="xs" variant="light">
                {t("views.property")}
              </Button>
              <Button component={Link} to={gradeListHref(empty, { by: "equivalent" })} size="xs" variant="light">
                {t("views.equivalent")}
              </Button>
              <Button component={Link} to={gradeListHref(empty, { by: "standard" })} size="xs" variant="light">
                {t("views.standard")}
              </Button>
            </div>
          </article>
          <article className="dr-tile" data-testid="tile-thermo">
            <h3>{t("index.thermo")}</h3>
            <span className="dr-tile-figure">{index.ThermoDatabases}</span>
            <p>{t("index.thermoText")}</p>
            <div className="dr-tile-actions">
              <Button component={Link} to="/steelResearchCompute/DatabaseResources" size="xs" variant="light">
                {t("index.thermoOpen")}
              </Button>
            </div>
          </article>
          <article className="dr-tile" data-testid="tile-pseudos">
            <h3>{t("index.pseudos")}</h3>
            <span className="dr-tile-figure">{index.Pseudopotentials.length}</span>
            <p>{t("index.pseudosText")}</p>
            {index.Pseudopotentials.length ? (
              <details>
                <summary>{t("index.showFiles")}</summary>
                <ul className="dr-files">
                  {index.Pseudopotentials.map((p) => (
                    <li key={p.File}>
                      <strong>{p.Element}</strong> {p.File}
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <p>{t("index.notInstalled")}</p>
            )}
          </article>
          <article className="dr-tile" data-testid="tile-potentials">
            <h3>{t("index.potentials")}</h3>
            <span className="dr-tile-figure">{index.Potentials.length}</span>
            <p>{t("index.potentialsText")}</p>
            {index.Potentials.length ? (
              <details>
                <summary>{t("index.showFiles")}</summary>
                <ul className="dr-files">
                  {index.Potentials.map((p) => (
                    <li key={p.File}>
                      {p.File} <span className="dr-source">{p.Style}</span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <p>{t("index.notInstalled")}</p>
            )}
          </article>
        </div>
      </section>

      <section aria-labelledby="dr-added">
        <h2 className="dr-section-title" id="dr-added">
          {t("index.added")}
        </h2>
        {index.Added.length ? (
          <div className="dr-tiles">
            {index.Added.map((r) => (
              <article key={r.Id} className="dr-tile" id={`resource-${r.Id}`} data-testid="tile-added">
                <span className="dr-tag" style={{ alignSelf: "flex-start" }}>
                  {t(`kind.${r.Kind}`)}
                </span>
                <h3>{r.Name}</h3>
                {r.Description ? <p style={{ whiteSpace: "pre-line" }}>{r.Description}</p> : null}
                <AttachmentList items={r.Files} title={t("index.files")} />
                <div className="dr-tile-actions">
                  {r.Url ? (
                    <Button component="a" href={r.Url} target="_blank" rel="noopener noreferrer" size="xs" variant="light">
                      {t("index.openLink")}
                    </Button>
                  ) : null}
                  {canAdd ? (
                    <Button component={Link} to={`${DR_EDIT_PATH}?id=${r.Id}`} size="xs" variant="subtle" data-testid="resource-edit">
                      {t("index.edit")}
                    </Button>
                  ) : null}
                </div>
              </article>
            ))}
          </div>
        ) : (
          <p className="ls-empty">{canAdd ? t("index.addedEmptyAdmin") : t("index.addedEmpty")}</p>
        )}
      </section>

      <section aria-labelledby="dr-external">
        <h2 className="dr-section-title" id="dr-external">
          {t("index.external")}
        </h2>
        <div className="dr-tiles">
          {index.External.map((e) => (
            <article key={e.Code} className="dr-tile" data-testid="tile-external">
              <h3>{e.Name}</h3>
              <p>{new URL(e.Url).host}</p>
              {e.Sso ? <p>{t("index.ssoText")}</p> : null}
              <div className="dr-tile-actions">
                <Button component="a" href={e.Href} target="_blank" rel={e.Sso ? "noopener" : "noopener noreferrer"} size="xs" variant="light">
                  {e.Sso ? t("index.openSso") : t("index.openLink")}
                </Button>
              </div>
            </article>
          ))}
        </div>
      </section>
    </Stack>
  );
}
