import { redirect } from "@remix-run/node";

/** Section 2: the root goes to the landing page after login. */
export const loader = () => redirect("/computeDynamicRoute/index");
