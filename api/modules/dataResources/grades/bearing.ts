/**
 * Through-hardening (high-carbon chromium) bearing steels.
 * Follows: GB/T 18254-2016, ASTM A295/A295M-14, JIS G 4805:2008, EN ISO 683-17:2014, ISO 683-17:2014;
 * equivalents from the ASM Worldwide Guide to Equivalent Irons and Steels (2006).
 *
 * The rule for every figure here: it is copied from the cited document (a key of SOURCES, with the table
 * where we are sure of it) and nothing is invented or interpolated. An element or property we were not sure
 * of is left out rather than guessed; a one-sided limit has only min or max. Limits written in the standard
 * as a formula (e.g. Ti ≥ 5×C) keep only their numeric side.
 */

import { composition, figures } from "./helpers.ts";
import type { GradeSeed } from "./types.ts";

const gb18254 = composition("gbt18254-2016");
const a295 = composition("astm-a295-14", "Table 1");
const g4805 = composition("jis-g4805-2008");
const en17 = composition("en-iso683-17-2014");
const iso17 = composition("iso683-17-2014");
const f18254 = figures("gbt18254-2016");

export const BEARING: GradeSeed[] = [
  {
    key: "gb-GCr15",
    name: "GCr15",
    number: "B00150",
    system: "GB",
    standard: "GB/T 18254-2016",
    family: "bearing",
    composition: [
      gb18254("C", 0.95, 1.05),
      gb18254("Si", 0.15, 0.35),
      gb18254("Mn", 0.25, 0.45),
      gb18254("Cr", 1.40, 1.65),
      gb18254("Mo", null, 0.10),
    ],
    properties: [
      f18254.range("hardnessHBW", 179, 207, "spheroidize annealed"),
    ],
    equivalents: ["aisi-52100", "jis-SUJ2", "en-100Cr6", "iso-100Cr6"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "gb-GCr15SiMn",
    name: "GCr15SiMn",
    number: "B01150",
    system: "GB",
    standard: "GB/T 18254-2016",
    family: "bearing",
    composition: [
      gb18254("C", 0.95, 1.05),
      gb18254("Si", 0.45, 0.75),
      gb18254("Mn", 0.95, 1.25),
      gb18254("Cr", 1.40, 1.65),
      gb18254("Mo", null, 0.10),
    ],
    properties: [],
    equivalents: ["en-100CrMnSi6-4", "iso-100CrMnSi6-4"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "aisi-52100",
    name: "52100",
    number: "G52986",
    system: "AISI-SAE",
    standard: "ASTM A295/A295M-14",
    family: "bearing",
    composition: [
      a295("C", 0.93, 1.05),
      a295("Mn", 0.25, 0.45),
      a295("P", null, 0.025),
      a295("S", null, 0.015),
      a295("Si", 0.15, 0.35),
      a295("Cr", 1.35, 1.60),
      a295("Ni", null, 0.25),
      a295("Cu", null, 0.30),
      a295("Mo", null, 0.10),
      a295("Al", null, 0.05),
      a295("O", null, 0.0015),
    ],
    properties: [],
    equivalents: ["gb-GCr15", "jis-SUJ2", "en-100Cr6", "iso-100Cr6"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "jis-SUJ2",
    name: "SUJ2",
    system: "JIS",
    standard: "JIS G 4805:2008",
    family: "bearing",
    composition: [
      g4805("C", 0.95, 1.10),
      g4805("Si", 0.15, 0.35),
      g4805("Mn", null, 0.50),
      g4805("P", null, 0.025),
      g4805("S", null, 0.025),
      g4805("Cr", 1.30, 1.60),
      g4805("Mo", null, 0.08),
    ],
    properties: [],
    equivalents: ["gb-GCr15", "aisi-52100", "en-100Cr6", "iso-100Cr6"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "jis-SUJ3",
    name: "SUJ3",
    system: "JIS",
    standard: "JIS G 4805:2008",
    family: "bearing",
    composition: [
      g4805("C", 0.95, 1.10),
      g4805("Si", 0.40, 0.70),
      g4805("Mn", 0.90, 1.15),
      g4805("P", null, 0.025),
      g4805("S", null, 0.025),
      g4805("Cr", 0.90, 1.20),
      g4805("Mo", null, 0.08),
    ],
    properties: [],
    equivalents: [],
  },
  {
    key: "en-100Cr6",
    name: "100Cr6",
    number: "1.3505",
    system: "EN",
    standard: "EN ISO 683-17:2014",
    family: "bearing",
    composition: [
      en17("C", 0.93, 1.05),
      en17("Si", 0.15, 0.35),
      en17("Mn", 0.25, 0.45),
      en17("P", null, 0.025),
      en17("S", null, 0.015),
      en17("Cr", 1.35, 1.60),
      en17("Mo", null, 0.10),
    ],
    properties: [],
    equivalents: ["gb-GCr15", "aisi-52100", "jis-SUJ2", "iso-100Cr6"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "en-100CrMnSi6-4",
    name: "100CrMnSi6-4",
    number: "1.3520",
    system: "EN",
    standard: "EN ISO 683-17:2014",
    family: "bearing",
    composition: [
      en17("C", 0.93, 1.05),
      en17("Si", 0.45, 0.75),
      en17("Mn", 1.00, 1.20),
      en17("P", null, 0.025),
      en17("S", null, 0.015),
      en17("Cr", 1.40, 1.65),
      en17("Mo", null, 0.10),
    ],
    properties: [],
    equivalents: ["gb-GCr15SiMn", "iso-100CrMnSi6-4"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "iso-100Cr6",
    name: "100Cr6",
    system: "ISO",
    standard: "ISO 683-17:2014",
    family: "bearing",
    composition: [
      iso17("C", 0.93, 1.05),
      iso17("Si", 0.15, 0.35),
      iso17("Mn", 0.25, 0.45),
      iso17("P", null, 0.025),
      iso17("S", null, 0.015),
      iso17("Cr", 1.35, 1.60),
      iso17("Mo", null, 0.10),
    ],
    properties: [],
    equivalents: ["gb-GCr15", "aisi-52100", "jis-SUJ2", "en-100Cr6"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
  {
    key: "iso-100CrMnSi6-4",
    name: "100CrMnSi6-4",
    system: "ISO",
    standard: "ISO 683-17:2014",
    family: "bearing",
    composition: [
      iso17("C", 0.93, 1.05),
      iso17("Si", 0.45, 0.75),
      iso17("Mn", 1.00, 1.20),
      iso17("P", null, 0.025),
      iso17("S", null, 0.015),
      iso17("Cr", 1.40, 1.65),
      iso17("Mo", null, 0.10),
    ],
    properties: [],
    equivalents: ["gb-GCr15SiMn", "en-100CrMnSi6-4"],
    equivalentsSource: { source: "asm-equiv-2006" },
  },
];
