import { z } from "zod";
import { desEncrypt } from "../../common/des.ts";
import { env } from "./env.server.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/** The user's own account calls (profile, password, unit), kept here so zod and crypto-js stay out of pages. */
export async function updateMyInfo(args: CallArgs, token: string, values: Record<string, string>): Promise<void> {
  await api(args, "User/UpdateMyInfo", { form: values, token });
}

/** Both passwords travel DES-encrypted, as the login's `pwd` (section 4). */
export async function updatePassword(args: CallArgs, token: string, oldPassword: string, newPassword: string): Promise<void> {
  await api(args, "User/UpdatePassword", {
    form: { oldPwd: desEncrypt(oldPassword, env.DES_KEY, env.DES_IV), newPwd: desEncrypt(newPassword, env.DES_KEY, env.DES_IV) },
    token,
    schema: z.literal(true),
  });
}

export async function createUnitBySG(args: CallArgs, token: string, name: string): Promise<void> {
  await api(args, "System/CreateUnitBySG", { form: { DepartmentName: name }, token });
}
