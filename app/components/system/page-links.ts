import type { LinksFunction } from "@remix-run/node";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import listStyles from "~/components/list/list.css";
import systemStyles from "~/components/system/system.css";

/** The stylesheets of a system administration list page (the pager's, the list pattern's, the console's). */
export const systemListLinks: LinksFunction = () => [
  { rel: "stylesheet", href: infoCenterStyles },
  { rel: "stylesheet", href: listStyles },
  { rel: "stylesheet", href: systemStyles },
];
