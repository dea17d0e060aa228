/**
 * The forms' zod schemas (common/forms/) as the routes' actions import them. Through this `.server` module,
 * never directly: a route that imported a schema module would ship zod to the browser (module-level code is
 * kept by the bundler), and zod probes `new Function`, which the Content-Security-Policy reports.
 */
export { departmentSchema } from "../../common/forms/department.ts";
export { enterpriseSchema } from "../../common/forms/enterprise.ts";
export { personSchema } from "../../common/forms/person.ts";
export { roleGrantsSchema } from "../../common/forms/role-grants.ts";
export { constantSchema } from "../../common/forms/constant.ts";
export { projectMemberSchema, projectSchema } from "../../common/forms/project.ts";
export { dataResourceSchema } from "../../common/forms/data-resource.ts";
export { clientReleaseSchema } from "../../common/forms/client-release.ts";
