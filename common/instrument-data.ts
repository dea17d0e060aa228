/**
 * Instrument data as the API answers it (docs/instrument-data.md): the files the lab's instruments send, what
 * a parser read from them, and the upload tokens of the instruments that send by themselves. No zod: pages
 * use these types in the browser.
 */

/** A spectrometer's analysis: each element's mean (wt%) over the sparks, their standard deviation, how many. */
export interface SpectrometerParse {
  Kind: "spectrometer";
  SampleCode: string | null;
  Elements: { Symbol: string; Mean: number; Sd: number | null; Sparks: number }[];
  /** The searchable elements' means, as a test record holds them. */
  Values: Record<string, number>;
  Sparks: number;
}

/** A tensile test: Rm, Rp0.2, A (as a record holds them), Ag, the apparent modulus and the curve, thinned for its plot. */
export interface TensileParse {
  Kind: "tensile";
  SampleCode: string | null;
  Values: Record<string, number>;
  Ag: number;
  ModulusGPa: number;
  /** How many points the file had. */
  Points: number;
  /** Strain (%, from the elastic line's origin) and stress (MPa). */
  Curve: { Strain: number[]; Stress: number[] };
  /** The 0.2 % offset line (stress = Slope × (strain − Strain)), for the plot; null when no Rp0.2 was found. */
  Offset: { Slope: number; Strain: number } | null;
}

export type InstrumentParse = SpectrometerParse | TensileParse;
export type ParseState = "none" | "parsed" | "failed";

/** One transferred file. */
export interface InstrumentFile {
  Id: string;
  FileName: string;
  Size: number;
  Sha256: string;
  EquipmentId: string | null;
  EquipmentLabel: string | null;
  /** Sent by an instrument with its token (newCloudEquip), or by a person. */
  ViaToken: boolean;
  UploadedBy: string;
  SampleCode: string;
  SampleId: string | null;
  OrderId: string | null;
  Parser: InstrumentParse["Kind"] | null;
  ParseState: ParseState;
  /** What the parser read, as a test record holds it (wt% by element; Rm, Rp0.2, A). */
  Values: Record<string, number> | null;
  /** Why the parser could not read it, in the reader's language. */
  ParseError: string | null;
  CreatedAt: string;
}

export interface InstrumentFileDetail extends InstrumentFile {
  Parsed: InstrumentParse | null;
}

/** An instrument's upload token as listed (never the token itself). */
export interface EquipmentToken {
  Id: string;
  EquipmentId: string;
  EquipmentLabel: string;
  Label: string;
  Hint: string;
  CreatedBy: string;
  CreatedAt: string;
  LastUsedAt: string | null;
  RevokedAt: string | null;
  RevokedBy: string | null;
  /** Files it sent. */
  Files: number;
}

/** The largest file an instrument may send, unless the deployment sets INSTRUMENT_FILE_MAX_BYTES. */
export const DEFAULT_INSTRUMENT_FILE_MAX_BYTES = 4 * 1024 ** 3;
/** Files up to this size are read by a parser (a tensile test at 1 kHz for ten minutes is about 30 MB). */
export const PARSE_MAX_BYTES = 64 * 1024 * 1024;
/** What the upload tokens start with, so one is recognised in a log or a config file. */
export const TOKEN_PREFIX = "fe_eq_";
