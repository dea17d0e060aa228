import type { LoaderFunctionArgs } from "@remix-run/node";
import { hubTicket, islandJson } from "~/lib/realtime.server";

/**
 * A short-lived hub ticket for the signed-in user (the island's access token). The user id alone would let
 * anyone listen to anyone's directed messages; the API only accepts a connection whose ticket it signed
 * for that id.
 */
export const loader = (args: LoaderFunctionArgs) => islandJson(args, (token) => hubTicket(args, token));
