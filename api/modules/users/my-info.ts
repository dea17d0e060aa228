import { z } from "zod";
import { checkEmail, checkIdCard, checkMobile, type ValidationKey } from "../../../common/validators.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { Texts } from "../../http/messages.ts";
import { parse } from "../../http/router.ts";
import { userTexts, validationTexts } from "./texts.ts";
import { loadUserInfo, type UserInfo } from "./user-info.ts";

/** Form fields are strings; a JSON body may send Gender as a number. Absent fields are left unchanged. */
const text = (max: number) => z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string().max(max).optional());
const form = z.object({
  RealName: text(200),
  Mobile: text(50),
  Email: text(200),
  IdCard: text(50),
  Gender: text(5),
});

type Field = "RealName" | "Mobile" | "Email" | "IdCard" | "Gender";

/** The fields to change, validated; the first failure's message is the envelope's msg, all are listed. */
function validate(input: z.infer<typeof form>): Partial<Record<Field, string | number | null>> {
  const errors: Array<{ field: Field; text: Texts }> = [];
  const fail = (field: Field, t: Texts) => errors.push({ field, text: t });
  const rule = (field: Field, key: ValidationKey | null) => key && fail(field, validationTexts[key]);
  const out: Partial<Record<Field, string | number | null>> = {};
  const orNull = (v: string) => (v === "" ? null : v);

  if (input.RealName !== undefined) {
    const v = input.RealName.trim();
    if (v === "") fail("RealName", userTexts.realNameRequired);
    else if ([...v].length > 50) fail("RealName", userTexts.realNameTooLong);
    out.RealName = v;
  }
  if (input.Mobile !== undefined) {
    const v = input.Mobile.trim();
    rule("Mobile", checkMobile(v, true));
    out.Mobile = v;
  }
  if (input.Email !== undefined) {
    const v = input.Email.trim();
    if (v.length > 100) fail("Email", userTexts.emailTooLong);
    else rule("Email", checkEmail(v));
    out.Email = orNull(v);
  }
  if (input.IdCard !== undefined) {
    const v = input.IdCard.trim().toUpperCase();
    rule("IdCard", checkIdCard(v));
    out.IdCard = orNull(v);
  }
  if (input.Gender !== undefined) {
    const v = input.Gender.trim();
    // GenderArr: 0 unknown, 1 male, 9 female.
    if (!["0", "1", "9"].includes(v)) fail("Gender", userTexts.genderInvalid);
    out.Gender = Number(v);
  }
  if (errors.length) {
    throw new ApiError(Status.badRequest, errors[0].text, { fields: errors.map((e) => ({ field: e.field, message: e.text.zh })) });
  }
  return out;
}

const COLUMNS: Record<Field, string> = { RealName: "real_name", Mobile: "mobile", Email: "email", IdCard: "id_card", Gender: "gender" };

const mobileTaken = () => new ApiError(Status.badRequest, userTexts.mobileTaken, { fields: [{ field: "Mobile", message: userTexts.mobileTaken.zh }] });

/** User/UpdateMyInfo: changes the caller's own profile; nothing changes when any field is refused. */
export async function updateMyInfo(db: Db, userId: string, body: unknown): Promise<UserInfo> {
  const changes = validate(parse(form, body));
  if (changes.Mobile) {
    const taken = await db.query(`select 1 from users where mobile = $1 and id <> $2`, [changes.Mobile, userId]);
    if (taken.length) throw mobileTaken();
  }
  const fields = Object.keys(changes) as Field[];
  if (fields.length) {
    // Column names come from the fixed COLUMNS map; every value is a parameter.
    const sets = fields.map((f, i) => `${COLUMNS[f]} = $${i + 2}`);
    try {
      await db.query(`update users set ${sets.join(", ")}, updated_at = now() where id = $1`, [userId, ...fields.map((f) => changes[f])]);
    } catch (e) {
      // Two users claiming the same number at once: the unique index decides.
      if ((e as { code?: string }).code === "23505") throw mobileTaken();
      throw e;
    }
  }
  return loadUserInfo(db, userId);
}
