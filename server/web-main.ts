/**
 * The web process alone (the production image's web service, compose.yaml): the Remix build in Express, with
 * the API elsewhere at UPSTREAM_URL. `npm start` runs both instead (server/start.ts).
 */
import { startWeb } from "./web.ts";

const port = Number(process.env.PORT ?? 3000);
const web = await startWeb({ port, proxyHops: Number(process.env.TRUST_PROXY ?? 0) || 0 });
console.log(`ferrum web listening on http://localhost:${web.port}`);
// Finish the requests in flight, then exit (rolling restarts behind nginx drop nothing).
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void web.close().then(() => process.exit(0)));
