import { data, redirect } from "@remix-run/node";
import { LAB_ROLES } from "../../common/roles.ts";
import type { OrderFailure } from "~/components/detection/OrderView";
import { localLogout } from "./auth.server.ts";
import { saveResults } from "./detection.server.ts";
import { UpstreamError, type CallArgs } from "./upstream.server.ts";
import { roleCodes, type UserContext } from "./user.ts";

/** Whether the user works in the lab (enters, moves and verifies): the API decides again on every call. */
export const isLabUser = (user: Pick<UserContext, "roleList">) => roleCodes(user).some((r) => (LAB_ROLES as readonly string[]).includes(r));

/**
 * An API refusal of one of the detection pages' forms, shown at that form with what was typed (a lost session
 * logs out). `field` maps the API's field name to the form's (null: the message alone).
 */
export async function refused(args: CallArgs, e: unknown, form: string, values: Record<string, string>, field: (apiField: string) => string | null = (f) => f) {
  if (!(e instanceof UpstreamError)) throw e;
  if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, e.msg) });
  const apiField = (e.returnData as { fields?: Array<{ field?: string }> } | null)?.fields?.[0]?.field ?? "";
  const mapped = apiField ? field(apiField) : null;
  const failure: OrderFailure = { form, values, errors: mapped ? { [mapped]: e.msg } : {}, message: e.msg || "Error" };
  return data({ failure }, { status: e.status === 409 ? 409 : 400 });
}

/**
 * A posted MethodResults form (intent "results": SampleId, Method, EquipmentId or Equipment, a `v:<quantity>` per value)
 * saved by SaveResults: null when saved, else the refusal to answer, its field named by quantity.
 */
export async function saveResultsForm(args: CallArgs, token: string, values: Record<string, string>) {
  const keys = Object.keys(values).filter((k) => k.startsWith("v:"));
  const input = {
    SampleId: values.SampleId ?? "",
    Method: values.Method ?? "",
    Equipment: values.Equipment ?? "",
    EquipmentId: values.EquipmentId ?? "",
    Values: keys.map((k) => ({ Quantity: k.slice(2), Value: values[k] })),
  };
  try {
    await saveResults(args, token, input);
    return null;
  } catch (e) {
    // The API names a value by its place in the list; the form names it by its quantity.
    return refused(args, e, `results:${input.SampleId}:${input.Method}`, values, (f) => {
      const i = /^Values\.(\d+)\./.exec(f);
      return i ? (keys[Number(i[1])] ?? null) : f;
    });
  }
}
