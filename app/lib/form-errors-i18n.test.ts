import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSTANT_DEFAULTS } from "../../common/constants.ts";
import { CLIENT_RELEASE_ERRORS } from "../../common/forms/client-release.ts";
import { CONSTANT_ERRORS } from "../../common/forms/constant.ts";
import { ROLE_GRANT_ERRORS } from "../../common/forms/role-grants.ts";
import { supportedLngs } from "../i18n.ts";

// The forms whose pages show the API's refusals by key (upstreamFailure's `everyField`): every key the schema
// or the API can answer has its text in every language under `<prefix>.errors` of the system namespace, else
// the user would read the key. (The other forms show the API's own text, and only their schema's keys.)
const FORMS: Array<[string, readonly string[]]> = [
  ["role", ROLE_GRANT_ERRORS],
  ["const", CONSTANT_ERRORS],
];

describe("form error texts", () => {
  for (const lng of supportedLngs) {
    it(`every key of the forms that show refusals by key has a ${lng} text`, () => {
      const system = JSON.parse(fs.readFileSync(path.resolve(`app/locales/${lng}/system.json`), "utf8"));
      // The constants page names every group and every fixed text of the release.
      for (const g of CONSTANT_DEFAULTS) {
        expect(system.const.group[g.code]?.name, `${lng} const.group.${g.code}`).toBeTruthy();
        expect(system.const.group[g.code]?.hint, `${lng} const.group.${g.code}.hint`).toBeTruthy();
        if (g.kind === "texts") for (const i of g.items) expect(system.const.item[g.code]?.[i.key], `${lng} const.item.${g.code}.${i.key}`).toBeTruthy();
      }
      for (const [prefix, keys] of FORMS) {
        for (const key of keys) expect(system[prefix]?.errors?.[key], `${lng} ${prefix}.errors.${key}`).toBeTruthy();
      }
      // The desktop client's publish form shows its schema's and its file checks' keys (appStore namespace).
      const appStore = JSON.parse(fs.readFileSync(path.resolve(`app/locales/${lng}/appStore.json`), "utf8"));
      for (const key of CLIENT_RELEASE_ERRORS) expect(appStore.desk?.errors?.[key], `${lng} desk.errors.${key}`).toBeTruthy();
    });
  }
});
