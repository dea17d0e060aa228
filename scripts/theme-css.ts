/** `npm run theme:css`: regenerates app/styles/mantine-theme.css after a change to app/theme.ts. */
import fs from "node:fs";
import { THEME_CSS_FILE, themeCss } from "../app/styles/theme-css.ts";

fs.writeFileSync(THEME_CSS_FILE, themeCss());
console.log(`wrote ${THEME_CSS_FILE}`);
