import { getComputeResources } from "~/lib/compute-resources.server";
import type { CallArgs } from "~/lib/upstream.server";
import type { Capacity } from "./FormParts";

/**
 * What the resources section's estimate needs from CalculateTask/GetComputeResources: the platform's slots
 * (and how many are busy) and how many queued tasks a task submitted now would wait behind. The form works
 * without it: a failed call only leaves that line out.
 */
export async function loadCapacity(args: CallArgs, token: string): Promise<Capacity | null> {
  try {
    const r = await getComputeResources(args, token);
    return {
      slots: r.executors.reduce((n, e) => n + e.slots, 0),
      slotsInUse: r.executors.reduce((n, e) => n + e.slotsInUse, 0),
      ahead: r.queued,
    };
  } catch {
    return null;
  }
}
