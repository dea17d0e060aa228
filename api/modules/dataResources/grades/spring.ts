/**
 * Spring steels.
 * Follows: GB/T 1222-2016 and GB/T 699-2015 (65Mn), SAE J404 (2009), JIS G 4801:2005, EN 10089:2002;
 * equivalents from GB/T 1222-2016 Annex C (牌号对照) and the ASM Worldwide Guide (2006).
 *
 * The rule for every figure here: it is copied from the cited document (a key of SOURCES, with the table
 * where we are sure of it) and nothing is invented or interpolated. An element or property we were not sure
 * of is left out rather than guessed; a one-sided limit has only min or max. Limits written in the standard
 * as a formula (e.g. Ti ≥ 5×C) keep only their numeric side.
 */

import { composition, figures } from "./helpers.ts";
import type { GradeSeed } from "./types.ts";

const gb1222 = composition("gbt1222-2016");
const gb699 = composition("gbt699-2015", "表 1");
const j404 = composition("sae-j404-2009", "Table 1");
const g4801 = composition("jis-g4801-2005");
const en89 = composition("en10089-2002");
const f699 = figures("gbt699-2015");
const f1222 = figures("gbt1222-2016");

export const SPRING: GradeSeed[] = [
  {
    key: "gb-65Mn",
    name: "65Mn",
    number: "U21652",
    system: "GB",
    standard: "GB/T 699-2015",
    family: "spring",
    composition: [
      gb699("C", 0.62, 0.70),
      gb699("Si", 0.17, 0.37),
      gb699("Mn", 0.90, 1.20),
      gb699("P", null, 0.035),
      gb699("S", null, 0.035),
      gb699("Cr", null, 0.25),
      gb699("Ni", null, 0.30),
      gb699("Cu", null, 0.25),
    ],
    properties: [
      f699.min("tensileStrength", 735, "normalized, 25 mm test blank"),
      f699.min("yieldStrength", 430, "normalized, 25 mm test blank"),
      f699.min("elongation", 9, "normalized, 25 mm test blank"),
      f699.min("reductionOfArea", 30, "normalized, 25 mm test blank"),
      f699.max("hardnessHBW", 285, "as delivered, not heat treated"),
      f699.max("hardnessHBW", 229, "as delivered, annealed"),
    ],
    equivalents: [],
  },
  {
    key: "gb-60Si2Mn",
    name: "60Si2Mn",
    system: "GB",
    standard: "GB/T 1222-2016",
    family: "spring",
    composition: [
      gb1222("C", 0.56, 0.64),
      gb1222("Si", 1.50, 2.00),
      gb1222("Mn", 0.70, 1.00),
    ],
    properties: [],
    equivalents: ["aisi-9260", "jis-SUP7"],
    equivalentsSource: { source: "gbt1222-2016", where: "附录 C (牌号对照)" },
  },
  {
    key: "gb-50CrV",
    name: "50CrV",
    system: "GB",
    standard: "GB/T 1222-2016",
    family: "spring",
    composition: [
      gb1222("C", 0.46, 0.54),
      gb1222("Si", 0.17, 0.37),
      gb1222("Mn", 0.50, 0.80),
      gb1222("Cr", 0.80, 1.10),
      gb1222("V", 0.10, 0.20),
    ],
    properties: [
      f1222.min("tensileStrength", 1275, "quenched 850 °C oil, tempered 500 °C"),
      f1222.min("yieldStrength", 1130, "quenched 850 °C oil, tempered 500 °C"),
      f1222.min("elongation", 10, "quenched 850 °C oil, tempered 500 °C"),
      f1222.min("reductionOfArea", 40, "quenched 850 °C oil, tempered 500 °C"),
    ],
    equivalents: ["aisi-6150", "jis-SUP10", "en-51CrV4"],
    equivalentsSource: { source: "gbt1222-2016", where: "附录 C (牌号对照)" },
  },
  {
    key: "aisi-9260",
    name: "9260",
    number: "G92600",
    system: "AISI-SAE",
    standard: "SAE J404 (2009)",
    family: "spring",
    composition: [
      j404("C", 0.56, 0.64),
      j404("Mn", 0.75, 1.00),
      j404("Si", 1.80, 2.20),
    ],
    properties: [],
    equivalents: ["gb-60Si2Mn", "jis-SUP7"],
    equivalentsSource: { source: "gbt1222-2016", where: "附录 C (牌号对照)" },
  },
  {
    key: "aisi-9254",
    name: "9254",
    number: "G92540",
    system: "AISI-SAE",
    standard: "SAE J404 (2009)",
    family: "spring",
    composition: [
      j404("C", 0.51, 0.59),
      j404("Mn", 0.60, 0.80),
      j404("Si", 1.20, 1.60),
      j404("Cr", 0.60, 0.80),
    ],
    properties: [],
    equivalents: ["jis-SUP12", "en-54SiCr6"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "aisi-6150",
    name: "6150",
    number: "G61500",
    system: "AISI-SAE",
    standard: "SAE J404 (2009)",
    family: "spring",
    composition: [
      j404("C", 0.48, 0.53),
      j404("Mn", 0.70, 0.90),
      j404("Si", 0.15, 0.35),
      j404("Cr", 0.80, 1.10),
      j404("V", 0.15, null),
    ],
    properties: [],
    equivalents: ["gb-50CrV", "jis-SUP10", "en-51CrV4"],
    equivalentsSource: { source: "gbt1222-2016", where: "附录 C (牌号对照)" },
  },
  {
    key: "jis-SUP7",
    name: "SUP7",
    system: "JIS",
    standard: "JIS G 4801:2005",
    family: "spring",
    composition: [
      g4801("C", 0.56, 0.64),
      g4801("Si", 1.80, 2.20),
      g4801("Mn", 0.70, 1.00),
    ],
    properties: [],
    equivalents: ["gb-60Si2Mn", "aisi-9260"],
    equivalentsSource: { source: "gbt1222-2016", where: "附录 C (牌号对照)" },
  },
  {
    key: "jis-SUP10",
    name: "SUP10",
    system: "JIS",
    standard: "JIS G 4801:2005",
    family: "spring",
    composition: [
      g4801("C", 0.47, 0.55),
      g4801("Si", 0.15, 0.35),
      g4801("Mn", 0.65, 0.95),
      g4801("Cr", 0.80, 1.10),
      g4801("V", 0.15, 0.25),
    ],
    properties: [],
    equivalents: ["gb-50CrV", "aisi-6150", "en-51CrV4"],
    equivalentsSource: { source: "gbt1222-2016", where: "附录 C (牌号对照)" },
  },
  {
    key: "jis-SUP12",
    name: "SUP12",
    system: "JIS",
    standard: "JIS G 4801:2005",
    family: "spring",
    composition: [
      g4801("C", 0.51, 0.59),
      g4801("Si", 1.20, 1.60),
      g4801("Mn", 0.60, 0.90),
      g4801("Cr", 0.60, 0.90),
    ],
    properties: [],
    equivalents: ["aisi-9254", "en-54SiCr6"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "en-51CrV4",
    name: "51CrV4",
    number: "1.8159",
    system: "EN",
    standard: "EN 10089:2002",
    family: "spring",
    composition: [
      en89("C", 0.47, 0.55),
      en89("Si", null, 0.40),
      en89("Mn", 0.70, 1.10),
      en89("P", null, 0.025),
      en89("S", null, 0.025),
      en89("Cr", 0.90, 1.20),
      en89("V", 0.10, 0.25),
    ],
    properties: [],
    equivalents: ["gb-50CrV", "aisi-6150", "jis-SUP10"],
    equivalentsSource: { source: "gbt1222-2016", where: "附录 C (牌号对照)" },
  },
  {
    key: "en-54SiCr6",
    name: "54SiCr6",
    number: "1.7102",
    system: "EN",
    standard: "EN 10089:2002",
    family: "spring",
    composition: [
      en89("C", 0.51, 0.59),
      en89("Si", 1.20, 1.60),
      en89("Mn", 0.50, 0.80),
      en89("P", null, 0.025),
      en89("S", null, 0.025),
      en89("Cr", 0.50, 0.80),
    ],
    properties: [],
    equivalents: ["jis-SUP12", "aisi-9254"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
];
