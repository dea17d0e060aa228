import { useTranslation } from "react-i18next";
import { formatT } from "~/lib/tdb";
import type { DatabaseDetail } from "~/lib/tdb.server";

type Ranges = Array<{ low: number | null; high: number | null; expression: string }>;

/** A function's or parameter's temperature ranges, each "low–high K" over its expression as the file writes it. */
function RangeList({ ranges }: { ranges: Ranges }) {
  return (
    <>
      {ranges.map((r, i) => (
        <div key={i}>
          <div className="tdb-range">
            {formatT(r.low)} – {formatT(r.high)} K
          </div>
          <pre className="tdb-expr">{r.expression}</pre>
        </div>
      ))}
    </>
  );
}

/** What the file says about a phase's model, in the reader's language: liquid/gas, magnetic, order–disorder. */
function PhaseNotes({ phase: p }: { phase: DatabaseDetail["phases"][number] }) {
  const { t } = useTranslation("tdb");
  const notes: string[] = [];
  if (p.suffix === "L") notes.push(t("phase.liquid"));
  else if (p.suffix === "G") notes.push(t("phase.gas"));
  if (p.magnetic) notes.push(t("phase.magnetic", { afm: p.magnetic.afm, p: p.magnetic.p }));
  if (p.disorderedPart) notes.push(t("phase.ordered", { phase: p.disorderedPart }));
  if (p.orderedPhase) notes.push(t("phase.disordered", { phase: p.orderedPhase }));
  return notes.length ? <div className="tdb-hint">{notes.join(" · ")}</div> : null;
}

export function PhaseTable({ phases }: { phases: DatabaseDetail["phases"] }) {
  const { t } = useTranslation("tdb");
  return (
    <div className="tdb-scroll">
      <table className="tdb-table" data-testid="tdb-phases">
        <thead>
          <tr>
            <th>{t("detail.phase")}</th>
            <th>{t("detail.sublattices")}</th>
          </tr>
        </thead>
        <tbody>
          {phases.map((p) => (
            <tr key={p.name} data-phase={p.name}>
              <td>
                <code>{p.name}</code>
                <PhaseNotes phase={p} />
              </td>
              <td>
                {p.sublattices.map((s, i) => (
                  <span key={i} className="tdb-sub">
                    <span className="tdb-ratio">({formatT(s.ratio)})</span>
                    {s.constituents.map((c) => (
                      <span key={c} className="tdb-chip tdb-phase">
                        {c}
                      </span>
                    ))}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function FunctionTable({ rows }: { rows: DatabaseDetail["functions"]["rows"] }) {
  const { t } = useTranslation("tdb");
  if (rows.length === 0) return <p className="tdb-hint">{t("detail.noneFound")}</p>;
  return (
    <div className="tdb-scroll">
      <table className="tdb-table" data-testid="tdb-functions">
        <thead>
          <tr>
            <th>{t("detail.name")}</th>
            <th>{t("detail.expression")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={f.name}>
              <td>
                <code>{f.name}</code>
              </td>
              <td>
                <RangeList ranges={f.ranges} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ParameterTable({ rows }: { rows: DatabaseDetail["parameters"]["rows"] }) {
  const { t } = useTranslation("tdb");
  if (rows.length === 0) return <p className="tdb-hint">{t("detail.noneFound")}</p>;
  return (
    <div className="tdb-scroll">
      <table className="tdb-table" data-testid="tdb-parameters">
        <thead>
          <tr>
            <th>{t("detail.parameter")}</th>
            <th className="tdb-hide-sm">{t("detail.type")}</th>
            <th className="tdb-hide-sm">{t("detail.phase")}</th>
            <th className="tdb-hide-sm">{t("detail.constituents")}</th>
            <th className="tdb-hide-sm">{t("detail.order")}</th>
            <th>{t("detail.expression")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((p, i) => (
            <tr key={`${p.label}-${i}`}>
              <td>
                <code>{p.label}</code>
              </td>
              <td className="tdb-hide-sm">{p.type}</td>
              <td className="tdb-hide-sm">
                <code>{p.phase}</code>
              </td>
              <td className="tdb-hide-sm">
                <code>{p.constituents.map((s) => s.join(",")).join(" : ")}</code>
              </td>
              <td className="tdb-hide-sm">{p.order}</td>
              <td>
                <RangeList ranges={p.ranges} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
