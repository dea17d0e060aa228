import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PRECIPITATE_FORMERS, type CalphadInputs, type Nominal } from "../../../common/grade-compute.ts";
import { calphadHref, carburizingHref, precipitationHref } from "~/lib/calculations";

/**
 * The calculations a steel's composition opens (a grade's nominal one, a sample's measured one): CALPHAD
 * equilibrium or step in each shipped database that holds iron and some of its alloying elements, carburizing
 * from its carbon, precipitation of each former it holds. Plain links to the compute form, filled in; the page
 * says above (`basis`) which composition they use. Needs the "calculate" namespace and calculations.css.
 */
export function CalculationLinks({ basis, nominal, calphad, moles }: { basis: ReactNode; nominal: Nominal; calphad: CalphadInputs[]; moles: Record<string, number> | null }) {
  const { t } = useTranslation("calculate");
  const formers = PRECIPITATE_FORMERS.filter((el) => moles && moles[el] !== undefined);
  return (
    <>
      <p className="calc-note">{basis}</p>
      <Stack gap="sm" mt="xs">
        {calphad.map((c) => (
          <div key={c.database} className="calc-item">
            <strong>{c.databaseName}</strong>
            <span className="calc-note">
              {t("used", { elements: ["Fe", ...c.used].join(", ") })}
              {c.leftOut.length ? ` · ${t("leftOut", { elements: c.leftOut.join(", ") })}` : ""}
            </span>
            <div className="calc-actions">
              <Button component="a" href={calphadHref("calphad-equilibrium", c)} size="xs" data-testid="calc-equilibrium">
                {t("equilibrium")}
              </Button>
              <Button component="a" href={calphadHref("calphad-step", c)} size="xs" variant="light" data-testid="calc-step">
                {t("step")}
              </Button>
            </div>
          </div>
        ))}
        {calphad.length === 0 ? (
          <p className="calc-note" data-testid="calc-no-database">
            {t("noDatabase")} <Link to="/steelResearchCompute/DatabaseResources">{t("databases")}</Link>
          </p>
        ) : null}
        {nominal.C !== undefined ? (
          <div className="calc-item">
            <strong>{t("carburizing")}</strong>
            <span className="calc-note">{t("carburizingHint", { c: nominal.C })}</span>
            <div className="calc-actions">
              <Button component="a" href={carburizingHref(nominal.C)} size="xs" variant="light" data-testid="calc-carburizing">
                {t("carburizingOpen")}
              </Button>
            </div>
          </div>
        ) : null}
        {formers.length && moles ? (
          <div className="calc-item">
            <strong>{t("precipitation")}</strong>
            <span className="calc-note">{t("precipitationHint")}</span>
            <div className="calc-actions">
              {formers.map((el) => (
                <Button key={el} component="a" href={precipitationHref(el, moles[el]!)} size="xs" variant="light" data-testid="calc-precipitation">
                  {t("precipitationOf", { element: el })}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
      </Stack>
    </>
  );
}
