import { Button } from "~/components/mantine/Button";
import { useTranslation } from "react-i18next";
import { PRECIPITATE_FORMERS } from "../../../common/grade-compute.ts";
import { carburizingStepHref, grainGrowthHref, precipitationStepHref } from "~/lib/calculations";
import { AUSTENITIZING, PRECIPITATING, type MaterialStep } from "~/lib/materials";

/**
 * What a heat treatment step can start (docs/materials.md), at its temperature and for its time: carburizing
 * (the steel's carbon, the step's carbon potential), precipitation of each former the steel holds, and grain
 * growth in the phase-field model (whose mobility the user sets for the temperature). Plain links to the compute
 * form, filled in; nothing for a step without a temperature and a time.
 */
export function StepCalculations({ step, composition, moles }: { step: MaterialStep; composition: Record<string, number> | null; moles: Record<string, number> | null }) {
  const { t } = useTranslation("material");
  const { TemperatureC: temperature, DurationMin: minutes } = step;
  if (temperature === null || minutes === null || minutes <= 0) return null;
  const hours = Number((minutes / 60).toFixed(4));
  const carbon = composition?.C;
  const formers = PRECIPITATING.includes(step.Kind) && moles ? PRECIPITATE_FORMERS.filter((el) => moles[el] !== undefined) : [];
  const grains = AUSTENITIZING.includes(step.Kind);
  const carburizing = step.Kind === "carburizing" && carbon !== undefined;
  if (!carburizing && !formers.length && !grains) return null;
  return (
    <div className="mt-calcs" data-testid="step-calculations">
      {carburizing ? (
        <Button component="a" href={carburizingStepHref(carbon, temperature, hours, step.CarbonPotential)} size="xs" variant="light" data-testid="step-carburizing">
          {t("calc.carburizing", { t: temperature, h: hours })}
        </Button>
      ) : null}
      {formers.map((el) => (
        <Button key={el} component="a" href={precipitationStepHref(el, moles![el]!, temperature, hours)} size="xs" variant="light" data-testid="step-precipitation">
          {t("calc.precipitation", { element: el })}
        </Button>
      ))}
      {grains ? (
        <Button component="a" href={grainGrowthHref(minutes * 60)} size="xs" variant="default" data-testid="step-grains">
          {t("calc.grains")}
        </Button>
      ) : null}
      {grains ? <span className="dt-dim dt-small mt-calc-note">{t("calc.grainsHint", { t: temperature })}</span> : null}
    </div>
  );
}
