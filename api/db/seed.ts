import type { Config } from "../config.ts";
import type { Db } from "./index.ts";

export async function seed(_db: Db, _config: Config): Promise<void> {}
