import { z } from "zod";
import { api, type CallArgs } from "./upstream.server.ts";

/** The public counts of the landing page (Dashboard/GetPublicStats, no login). */
const statsSchema = z.object({
  users: z.number(),
  departments: z.number(),
  categories: z.number(),
  notices: z.number(),
  roles: z.number(),
});
export type PublicStats = z.infer<typeof statsSchema>;

export function publicStats(args: CallArgs): Promise<PublicStats> {
  return api(args, "Dashboard/GetPublicStats", { schema: statsSchema });
}
