import type { LoaderFunctionArgs } from "@remix-run/node";
import { similarLoader } from "~/lib/similar-page.server";

/** /testDetection/myTestData/mySimilardataTable: the similar-data search by composition ranges (docs/test-data.md). */
export { handle, links, meta, SimilarPage as default } from "~/components/testData/SimilarPage";
// A function, not `similarLoader(...)` at the top level: the browser bundle would run that call (of a server module).
export const loader = (args: LoaderFunctionArgs) => similarLoader("range")(args);
