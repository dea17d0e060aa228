import type { App } from "../../app.ts";
import type { Router } from "../../http/router.ts";

export function register(_router: Router, _app: App): void {}
