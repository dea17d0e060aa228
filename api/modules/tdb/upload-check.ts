import { ApiError, Status } from "../../http/envelope.ts";
import type { DatabaseContent } from "./content.types.ts";
import { readDatabase, TdbError } from "./content.ts";
import { parserErrorText, tdbTexts } from "./texts.ts";

/** The largest TDB file accepted: the shipped ones are 10–200 KB, a full steel database a few hundred. */
export const TDB_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The text of an uploaded file. TDB files are ASCII in practice, but comments in older files carry Latin-1
 * (author names); those are read as Latin-1 rather than refused. A NUL byte means a binary file.
 */
export function decodeTdb(data: Buffer): string {
  if (data.length === 0) throw new ApiError(Status.badRequest, tdbTexts.emptyFile);
  if (data.includes(0)) throw new ApiError(Status.badRequest, tdbTexts.binary);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    text = data.toString("latin1");
  }
  return text.replace(/^\uFEFF/, "");
}

/** `x.tdb` (any case), the only kind accepted. */
export const isTdbName = (name: string) => /\.tdb$/i.test(name.trim());

/**
 * Parses and checks a file before it is accepted: a reader error becomes a 400 naming the line and what is
 * wrong in the caller's language (returnData keeps the line, the reader's code and its own message); a file
 * that parses but defines no element or no phase is no database either.
 */
export function checkTdb(text: string): DatabaseContent {
  let content: DatabaseContent;
  try {
    content = readDatabase(text);
  } catch (e) {
    if (e instanceof TdbError) {
      const error = { line: e.line, code: e.code, message: e.detail };
      throw new ApiError(Status.badRequest, parserErrorText(error), { error });
    }
    throw e;
  }
  if (content.elements.length === 0) throw new ApiError(Status.badRequest, tdbTexts.noElements);
  if (content.phases.length === 0) throw new ApiError(Status.badRequest, tdbTexts.noPhases);
  return content;
}
