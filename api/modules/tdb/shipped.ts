import fs from "node:fs";
import path from "node:path";
import { shippedDatabases } from "../../../solvers/calphad/databases/index.ts";

/** The databases that come with the code (solvers/calphad/databases/), as the catalogue needs them. */
export interface ShippedDatabase {
  id: string;
  name: string;
  fileName: string;
  source: string;
  citation: string;
  /** The file's text, read once on first use (the files are small and never change while the API runs). */
  text: string;
}

const texts = new Map<string, string>();

function toCatalogue(d: (typeof shippedDatabases)[number]): ShippedDatabase {
  return {
    id: d.id,
    name: d.title,
    fileName: path.basename(d.file),
    source: d.source,
    citation: d.citation,
    get text() {
      let t = texts.get(d.id);
      if (t === undefined) texts.set(d.id, (t = fs.readFileSync(d.path, "utf8")));
      return t;
    },
  };
}

const catalogue = shippedDatabases.map(toCatalogue);

export const shippedList = (): ShippedDatabase[] => catalogue;

/** A shipped database by its id (the file stem, case as shipped), or undefined. */
export const shippedById = (id: string): ShippedDatabase | undefined => catalogue.find((d) => d.id === id);
