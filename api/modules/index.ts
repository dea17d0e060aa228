import type { App } from "../app.ts";
import type { Router } from "../http/router.ts";
import * as login from "./login/routes.ts";
import * as users from "./users/routes.ts";
import * as menus from "./menus/routes.ts";
import * as compute from "./compute/routes.ts";
import * as notices from "./notices/routes.ts";
import * as feedback from "./feedback/routes.ts";
import * as dashboard from "./dashboard/routes.ts";
import * as attachments from "./attachments/routes.ts";
import * as realtime from "./realtime/routes.ts";
import * as tasks from "./tasks/routes.ts";
import * as tdb from "./tdb/routes.ts";
import * as system from "./system/routes.ts";
import * as constants from "./constants/routes.ts";
import * as projects from "./projects/routes.ts";
import * as dataResources from "./dataResources/routes.ts";
import * as documents from "./documents/routes.ts";
import * as detection from "./detection/routes.ts";
import * as testData from "./testData/routes.ts";
import * as equipment from "./equipment/routes.ts";
import * as instrumentData from "./instrumentData/routes.ts";
import * as materials from "./materials/routes.ts";
import * as appStore from "./appStore/routes.ts";

/** Every API module, each adding its own calls. */
export function registerModules(router: Router, app: App): void {
  for (const m of [login, users, menus, compute, notices, feedback, dashboard, attachments, realtime, tasks, tdb, system, constants, projects, dataResources, documents, detection, testData, equipment, instrumentData, materials, appStore]) m.register(router, app);
}
