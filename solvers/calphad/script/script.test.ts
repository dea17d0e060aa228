import { describe, expect, it } from "vitest";
import { CalphadInputError, type CalphadIssue, type DatabaseInfo } from "./params.ts";
import { parseCalphadScript, readCalphadScript, renderCalphadScript } from "./script.ts";
import { shippedDatabaseInfo } from "./conditions.ts";

const ALZN = `database alzn_mey        # a shipped database
components AL ZN         # VA is added where the database has it
phases *
T 700 K
P 101325 Pa
X ZN 0.30
`;

/** The issues a script is refused with (fails when it is accepted). */
function refusal(script: string, db: DatabaseInfo | null | undefined = shippedDatabaseInfo("alzn_mey")): CalphadIssue[] {
  try {
    parseCalphadScript(script, db ?? undefined);
  } catch (e) {
    if (e instanceof CalphadInputError) return e.issues;
    throw e;
  }
  throw new Error("accepted");
}
const brief = (issues: CalphadIssue[]) => issues.map((i) => `${i.line ?? "-"} ${i.field} ${i.text.en}`);

describe("condition script", () => {
  it("reads the documented example into the form's params and the case", () => {
    const r = parseCalphadScript(ALZN, shippedDatabaseInfo("alzn_mey"));
    expect(r.params).toEqual({
      database: "alzn_mey", components: "AL,ZN", phases: "*", temperature: 700, temperatureUnit: "K",
      pressurePa: 101325, compositionUnit: "X", composition: "ZN=0.3",
    });
    expect(r.case).toEqual({ database: { kind: "shipped", id: "alzn_mey" }, components: ["AL", "ZN"], phases: null, T: 700, P: 101325, compositionUnit: "X", fractions: { ZN: 0.3 } });
  });

  it("takes keywords in any case, °C and C, bar, a phase list, an uploaded file, several fractions on one line and CRLF", () => {
    const r = parseCalphadScript("Database file my db.tdb\r\n".replace("my db", "mydb") + "COMPONENTS cr, ti v\r\nphases bcc_a2 HCP_A3 laves_c15\r\nt 649.85 c\r\np 1 bar\r\nx CR 0.129 TI 0.861\r\n");
    expect(r.case.database).toEqual({ kind: "file", path: "mydb.tdb" });
    expect(r.case.components).toEqual(["CR", "TI", "V"]);
    expect(r.case.phases).toEqual(["BCC_A2", "HCP_A3", "LAVES_C15"]);
    expect(r.case.T).toBeCloseTo(923, 10);
    expect(r.case.P).toBe(1e5);
    expect(r.case.fractions).toEqual({ CR: 0.129, TI: 0.861 });
    expect(parseCalphadScript("database pbsn\ncomponents PB SN\nT 180 °C\nW SN 0.6\n").case).toMatchObject({ T: 453.15, compositionUnit: "W", fractions: { SN: 0.6 } });
  });

  it("renders params into a script that reads back to the same params", () => {
    const params = parseCalphadScript(ALZN).params;
    expect(parseCalphadScript(renderCalphadScript(params)).params).toEqual(params);
    const file = { ...params, database: "file", databaseFile: "database.tdb", phases: "LIQUID,FCC_A1", temperature: 426.85, temperatureUnit: "°C" as const, compositionUnit: "W" as const, composition: "ZN=0.35" };
    const text = renderCalphadScript(file);
    expect(text).toContain("database file database.tdb\n");
    expect(text).toContain("phases LIQUID FCC_A1\n");
    expect(text).toContain("T 426.85 °C\n");
    expect(text).toContain("W ZN 0.35\n");
    expect(parseCalphadScript(text).params).toEqual({ ...file, composition: "ZN=0.35" });
    const ternary = parseCalphadScript("database crtiv_ghosh\ncomponents CR TI V\nT 923\nX CR 0.129\nX TI 0.861\n").params;
    expect(parseCalphadScript(renderCalphadScript(ternary)).params).toEqual(ternary);
  });

  it("refuses an unknown keyword, a repeated one and an unreadable line, each with its line", () => {
    expect(brief(refusal(ALZN + "Q 3\n"))).toEqual(['7  Unknown keyword "Q" (known: database, components, phases, T, P, X, W)']);
    expect(brief(refusal(ALZN + "T 600 K\n"))).toEqual(['7 temperature "T" is given more than once']);
    expect(brief(refusal(ALZN.replace("phases *", "= 3")))).toEqual(["3  Unreadable line, expected a keyword and its values"]);
  });

  it("refuses wrong arguments: missing values, non-numbers, unknown units, X and W mixed", () => {
    expect(brief(refusal(ALZN.replace("T 700 K", "T")))).toEqual(["4 temperature Wrong arguments, expected: T <value> K | °C"]);
    expect(brief(refusal(ALZN.replace("T 700 K", "T seven K")))).toEqual(['4 temperature "seven" is not a number']);
    expect(brief(refusal(ALZN.replace("T 700 K", "T 700 F")))).toEqual(['4 temperature Unknown temperature unit "F" (K, °C or C)']);
    expect(brief(refusal(ALZN.replace("P 101325 Pa", "P 1 atm")))).toEqual(['5 pressurePa Unknown pressure unit "atm" (Pa or bar)']);
    expect(brief(refusal(ALZN.replace("X ZN 0.30", "X ZN")))).toEqual(["6 composition Wrong arguments, expected: X <element> <fraction> [<element> <fraction> …]"]);
    expect(brief(refusal(ALZN.replace("X ZN 0.30", "X ZN 0,3")))).toEqual(['6 composition "0,3" is not a number']);
    expect(brief(refusal(ALZN + "W AL 0.5\n"))).toEqual(["7 composition Give the composition either as mole fractions (X) or as mass fractions (W), not both"]);
    expect(brief(refusal(ALZN.replace("database alzn_mey ", "database file")))).toEqual(["1 database Wrong arguments, expected: database <id> | database file <name>.tdb"]);
    expect(brief(refusal(ALZN.replace("components AL ZN", "components")))).toEqual(["2 components Wrong arguments, expected: components <element> <element> …"]);
  });

  it("refuses a script without database, components or temperature", () => {
    expect(brief(refusal("phases *\nX ZN 0.3\n"))).toEqual(['- database "database" is missing', '- components "components" is missing', '- temperature "T" is missing']);
  });

  it("refuses values against the database: unknown database, elements and phases, naming them and the line", () => {
    expect(brief(refusal(ALZN.replace("alzn_mey", "steel9"), null))).toEqual([
      expect.stringMatching(/^1 database Unknown database "steel9" \(known: alzn_mey, alfe, pbsn, .*, or file and the name of an uploaded TDB\)$/),
    ]);
    expect(brief(refusal(ALZN.replace("AL ZN", "AL ZN CU")))).toEqual(["2 components The database has no element CU (it has AL, ZN)"]);
    expect(brief(refusal(ALZN.replace("phases *", "phases LIQUID BCC_A2 SIGMA")))).toEqual(["3 phases The database has no phase BCC_A2, SIGMA (it has LIQUID, FCC_A1, HCP_A3)"]);
    expect(brief(refusal(ALZN.replace("X ZN 0.30", "X CU 0.30")))).toEqual(["6 composition CU in the composition is not one of the chosen components"]);
  });

  it("refuses impossible conditions: temperature, pressure, fractions out of range, short or over-full", () => {
    expect(brief(refusal(ALZN.replace("T 700 K", "T -300 C")))).toEqual(["4 temperature The temperature must be above absolute zero (0 K, −273.15 °C) and at most 10000 K"]);
    expect(brief(refusal(ALZN.replace("P 101325 Pa", "P 0 Pa")))).toEqual(["5 pressurePa The pressure must be above 0 and at most 10¹⁰ Pa"]);
    expect(brief(refusal(ALZN.replace("X ZN 0.30", "X ZN 1.2")))).toEqual(["6 composition The fraction of ZN must lie strictly between 0 and 1"]);
    expect(brief(refusal(ALZN.replace("X ZN 0.30", "X ZN 0.3\nX ZN 0.4")))).toEqual(["6 composition ZN appears twice in the composition"]);
    expect(brief(refusal(ALZN.replace("X ZN 0.30\n", "")))).toEqual(["- composition Give the fraction of every component but one (some of AL, ZN are missing)"]);
    expect(brief(refusal(ALZN.replace("X ZN 0.30", "X ZN 0.3 AL 0.6")))).toEqual(["6 composition The fractions of all components sum to 0.9, not 1"]);
    const crtiv = "database crtiv_ghosh\ncomponents CR TI V\nT 923 K\nX CR 0.6 TI 0.5\n";
    expect(brief(refusal(crtiv, shippedDatabaseInfo("crtiv_ghosh")))).toEqual(["4 composition The fractions sum to 1.1; they must stay below 1 (the rest is the remaining component)"]);
  });

  it("refuses components that are no element names, repeated, or too many", () => {
    expect(brief(refusal(ALZN.replace("AL ZN", "AL ZN AL")))).toEqual(["2 components Component AL is given twice"]);
    expect(brief(refusal(ALZN.replace("AL ZN", "AL ZINC")))).toEqual(['2 components "ZINC" is not an element name']);
    expect(brief(refusal("database pbsn\ncomponents A B C D E F G H I\nT 400\n", null))).toEqual(["2 components At most 8 components"]);
  });

  it("words every refusal in the four languages", () => {
    for (const i of refusal(ALZN.replace("AL ZN", "AL ZN CU").replace("T 700 K", "T 0 K"))) {
      expect(Object.keys(i.text).sort()).toEqual(["en", "es", "ja", "zh"]);
      for (const s of Object.values(i.text)) expect(s.length).toBeGreaterThan(5);
    }
    expect(refusal(ALZN + "Q 1\n")[0].text.zh).toBe("未知的关键字“Q”（可用：database、components、phases、T、P、X、W）");
  });

  it("keeps each fraction's own line for its message", () => {
    const { lines } = readCalphadScript("database crtiv_ghosh\ncomponents CR TI V\nT 923\nX CR 0.1\n\nX TI 0.2\n");
    expect(lines.get("composition:CR")).toBe(4);
    expect(lines.get("composition:TI")).toBe(6);
    expect(brief(refusal("database crtiv_ghosh\ncomponents CR TI V\nT 923\nX CR 0.1\n\nX TI 2\n", shippedDatabaseInfo("crtiv_ghosh")))).toEqual(["6 composition The fraction of TI must lie strictly between 0 and 1"]);
  });
});
