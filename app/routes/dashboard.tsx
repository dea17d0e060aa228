import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CategoryIcon } from "~/components/compute/CategoryIcon";
import dashboardStyles from "~/components/dashboard/dashboard.css";
import { Icon, PublicShell, shellLinks } from "~/components/layout";
import { readAuth, TOKEN_LIFETIME_MS } from "~/lib/auth.server";
import { telHref } from "../../common/phone.ts";
import { useConstants } from "~/lib/constants";
import { publicStats, type PublicStats } from "~/lib/dashboard.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /dashboard: the public landing page (section 2; the home page on phones and on the production host).
 * What the platform offers, with the live counts of Dashboard/GetPublicStats, and the footer's anchors
 * #team, #services and #training.
 */
export const handle = { i18n: ["dashboard", "compute"], footerOutside: true };
export const links: LinksFunction = () => [...shellLinks(), { rel: "stylesheet", href: dashboardStyles }];
export const meta = pageMeta;

/** The twelve categories in menu order, with the icon names the API gives them (the names are translated). */
const CATEGORIES: Array<[string, string]> = [
  ["FirstPrinciples", "atom"],
  ["CALPHAD", "phase-diagram"],
  ["Spread", "diffusion"],
  ["Precipitation", "precipitate"],
  ["Multiphase", "multiphase"],
  ["Limited", "mesh"],
  ["Fluid", "fluid"],
  ["Coupling", "coupling"],
  ["DatabaseResources", "database"],
  ["Localization", "flag"],
  ["Other", "more"],
  ["CAD", "cad"],
];

const OFFERINGS: Array<{ key: string; icon: string }> = [
  { key: "apps", icon: "app-store" },
  { key: "data", icon: "database" },
  { key: "testing", icon: "flask" },
  { key: "equipment", icon: "server" },
  { key: "projects", icon: "project" },
  { key: "notices", icon: "bell" },
];

export async function loader(args: LoaderFunctionArgs) {
  const t = await getT(args.request, "dashboard");
  let stats: PublicStats | null = null;
  try {
    stats = await publicStats(args);
  } catch (e) {
    // The page still explains the platform when the counts cannot be had; they are simply left out.
    if (!(e instanceof UpstreamError)) throw e;
  }
  const auth = await readAuth(args.request);
  const signedIn = !!auth && Date.now() - auth.tokenDate <= TOKEN_LIFETIME_MS;
  return data({ title: t("title"), stats, signedIn });
}

export default function Dashboard() {
  const { stats, signedIn } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("dashboard");
  const num = (n: number) => n.toLocaleString(i18n.language);
  const { SiteContact: contact, SiteIntro: intro } = useConstants();
  const mail = `mailto:${contact.email}?subject=${encodeURIComponent(t("training.mailSubject"))}&body=${encodeURIComponent(t("training.mailBody"))}`;
  return (
    <PublicShell footerOutside>
      <div className="db" data-testid="dashboard">
        <section className="db-hero">
          <div className="db-wrap db-hero-grid">
            <div>
              <span className="db-eyebrow">{t("hero.eyebrow")}</span>
              <h1>{t("hero.title")}</h1>
              <p>{t("hero.text")}</p>
              <div className="db-cta">
                {signedIn ? (
                  <Link to="/computeDynamicRoute/index" className="db-btn db-btn-primary" data-testid="enter-platform">
                    {t("hero.enter")}
                  </Link>
                ) : (
                  <Link to="/login" className="db-btn db-btn-primary" data-testid="dashboard-login">
                    {t("hero.login")}
                  </Link>
                )}
                <a href="#services" className="db-btn db-btn-ghost">
                  {t("hero.more")}
                </a>
              </div>
            </div>
            {stats ? (
              <div className="db-stats" data-testid="stats">
                <Stat n={num(stats.categories)} label={t("stats.categories")} testId="stat-categories" />
                <Stat n={num(stats.users)} label={t("stats.users")} testId="stat-users" />
                <Stat n={num(stats.departments)} label={t("stats.departments")} testId="stat-departments" />
                <Stat n={num(stats.notices)} label={t("stats.notices")} testId="stat-notices" />
                <p className="db-stats-note">{t("stats.note")}</p>
              </div>
            ) : null}
          </div>
        </section>

        <section id="services" className="db-section">
          <div className="db-wrap">
            <h2>{t("services.title")}</h2>
            <p className="db-lead">{intro.services}</p>
            <div className="db-cards">
              <article className="db-card db-card-wide">
                <span className="db-card-icon">
                  <Icon name="cpu" size={24} />
                </span>
                <h3>{t("services.compute.title")}</h3>
                <p>{t("services.compute.text")}</p>
                <div className="db-cats">
                  {CATEGORIES.map(([code, icon]) => (
                    <div key={code} className="db-cat">
                      <CategoryIcon name={icon} size={24} />
                      <span>{t(`categories.${code}.name`, { ns: "compute" })}</span>
                    </div>
                  ))}
                </div>
              </article>
              {OFFERINGS.map((o) => (
                <article key={o.key} className="db-card">
                  <span className="db-card-icon">
                    <Icon name={o.icon} size={24} />
                  </span>
                  <h3>{t(`services.${o.key}.title`)}</h3>
                  <p>{t(`services.${o.key}.text`)}</p>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section id="team" className="db-section db-section-alt">
          <div className="db-wrap db-team">
            <div>
              <h2>{t("team.title")}</h2>
              <p className="db-lead">{intro.team}</p>
            </div>
            <ul className="db-team-points">
              {(["research", "engineering", "support"] as const).map((k) => (
                <li key={k}>
                  <strong>{t(`team.${k}.title`)}</strong>
                  {t(`team.${k}.text`)}
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="training" className="db-section">
          <div className="db-wrap db-training">
            <div>
              <h2>{t("training.title")}</h2>
              <p className="db-lead">{intro.training}</p>
              <ol className="db-steps">
                <li>{t("training.step1")}</li>
                <li>{t("training.step2")}</li>
                <li>{t("training.step3")}</li>
              </ol>
            </div>
            <div className="db-contact">
              <h3 style={{ margin: 0 }}>{t("training.signUp")}</h3>
              <p>{t("training.how")}</p>
              <a href={mail} className="db-btn db-btn-primary" data-testid="training-mail">
                <Icon name="mail" />
                {t("training.mail")}
              </a>
              <p>
                {t("training.phone")} <a href={telHref(contact.phone)}>{contact.phone}</a>
                <br />
                {t("training.email")} <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
            </div>
          </div>
        </section>
      </div>
    </PublicShell>
  );
}

function Stat({ n, label, testId }: { n: string; label: string; testId: string }) {
  return (
    <div className="db-stat">
      <span className="db-stat-num" data-testid={testId}>
        {n}
      </span>
      <span className="db-stat-label">{label}</span>
    </div>
  );
}
