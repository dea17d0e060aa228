import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DeleteDialog, DeleteStep, type DeleteTexts } from "~/components/DeleteConfirm";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { RoleGrantForm } from "~/components/system/RoleGrantForm";
import roleStyles from "~/components/system/roles.css";
import { requireAccess } from "~/lib/auth.server";
import { roleGrantsSchema } from "~/lib/form-schemas.server";
import { formValues } from "~/lib/forms";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { checkAssembled, formFailure, redirectWithToast, toastFailure, upstreamFailure } from "~/lib/page-actions.server";
import type { FormFailure } from "~/lib/page-form";
import { grantRows, postedGrants, ROLE_PATH, roleHref, roleQuery, type RoleRow } from "~/lib/role-grants";
import { listRoles, resetRoleResources, roleResources, saveRoleResources } from "~/lib/system.server";
import { ROLE_CODES, type RoleCode } from "../../common/roles.ts";

/**
 * /systemManage/roleManage (SystemAdmin): the nine roles with their people and how many pages this site changed,
 * and for the role in the address (`?role=`) every page of the menu tree with its grant. Saving writes the role's
 * grants as a whole; its users see them on their next page. "Back to default" (`?confirm=reset`, or a dialog
 * with JavaScript) drops the site's changes for the role. docs/access.md says how grants are kept.
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: roleStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, ROLE_PATH);
  const t = await getT(args.request, "system");
  const { role, confirmReset } = roleQuery(new URL(args.request.url).searchParams);
  const [roles, resources] = await Promise.all([forPage(args, () => listRoles(args, token)), forPage(args, () => roleResources(args, token, role))]);
  return data({ title: t("role.title"), role, confirmReset, roles, current: resources.Role, tree: resources.Tree });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, ROLE_PATH);
  const t = await getT(request, "system");
  const form = await request.formData();
  const intent = form.get("intent");
  const posted = String(form.get("Role") ?? form.get("id") ?? "");
  // A post naming no known role is refused rather than taken for the first one.
  if (!(ROLE_CODES as readonly string[]).includes(posted)) throw new Response(t("role.errors.roleInvalid"), { status: 400 });
  const role = posted as RoleCode;
  const back = roleHref(role);
  const roleName = t(`person.roleName.${role}`);
  // The confirm step's "delete" drops the role's changes: back to the release's defaults, as they were shown.
  if (intent === "delete") {
    const version = Number(form.get("version"));
    if (!Number.isInteger(version) || version < 1) throw new Response(t("role.errors.invalid"), { status: 400 });
    try {
      await resetRoleResources(args, token, role, version);
    } catch (e) {
      return toastFailure(args, e, back);
    }
    return redirectWithToast(request, back, { kind: "success", text: t("role.resetDone", { role: roleName }) });
  }
  if (intent !== "save") throw new Response(t("role.errors.invalid"), { status: 400 });
  const values = formValues(form);
  const checked = checkAssembled(roleGrantsSchema, { Role: values.Role, Version: values.Version, Grants: postedGrants(values) }, values);
  if (!checked.ok) return formFailure(checked.failure);
  let changed: number;
  try {
    changed = (await saveRoleResources(args, token, checked.data)).Changed;
  } catch (e) {
    const failure = await upstreamFailure(args, e, values, { everyField: true });
    return formFailure(failure, failure.stale ? 409 : 400);
  }
  const text = changed ? t("role.saved", { role: roleName, count: changed }) : t("role.savedNothing", { role: roleName });
  return redirectWithToast(request, back, { kind: "success", text });
}

export default function RoleManage() {
  const { role, confirmReset, roles, current, tree } = useLoaderData<typeof loader>();
  const failure = (useActionData<typeof action>() as { failure?: FormFailure } | undefined)?.failure ?? null;
  const { t } = useTranslation("system");
  const [resetting, setResetting] = useState(false);
  const roleName = (r: RoleCode) => t(`person.roleName.${r}`);
  const rows = grantRows(tree);
  const shown = rows.filter((r) => r.Granted).length;
  const resetTexts: DeleteTexts = {
    title: t("role.resetTitle"),
    question: t("role.resetQuestion", { role: roleName(role), count: current.Changes }),
    cancel: t("role.cancel"),
    confirm: t("role.reset"),
  };
  const resetExtra = { version: String(current.Version) };
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="role-page">
      <PageHeader title={t("role.title")} intro={t("role.intro")} />
      {confirmReset && current.Changes > 0 ? <DeleteStep id={role} back={roleHref(role)} texts={resetTexts} extra={resetExtra} className="sys-confirm" /> : null}
      <div className="rg-layout">
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="nav" aria-label={t("role.rolesHeading")}>
          <h2 className="sys-panel-title">{t("role.rolesHeading")}</h2>
          <ul className="rg-roles" data-testid="role-list">
            {(roles as RoleRow[]).map((r) => (
              <li key={r.Code}>
                <Link to={roleHref(r.Code)} aria-current={r.Code === role ? "page" : undefined} data-testid="role-link" data-role={r.Code}>
                  <span className="rg-role-name">{roleName(r.Code)}</span>
                  <span className="rg-role-meta">
                    {t("role.people", { count: r.People })}
                    {r.Changes > 0 ? <span className="sys-warn">{t("role.changes", { count: r.Changes })}</span> : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Paper>
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <h2 className="sys-panel-title" data-testid="grant-title">
            {t("role.treeTitle", { role: roleName(role) })}
          </h2>
          <Text size="sm" c="dimmed" mb="sm" data-testid="grant-summary">
            {t("role.summary", { shown, total: rows.length, count: current.Changes })}
            {role === "SystemAdmin" ? ` ${t("role.lockNote")}` : ""}
          </Text>
          <RoleGrantForm
            key={`${role}-${current.Version}`}
            role={current as RoleRow}
            tree={tree}
            failure={failure}
            resetHref={roleHref(role, true)}
            onReset={() => setResetting(true)}
            reloadHref={roleHref(role)}
          />
        </Paper>
      </div>
      {resetting ? <DeleteDialog id={role} back={roleHref(role)} texts={resetTexts} extra={resetExtra} onClose={() => setResetting(false)} /> : null}
    </Stack>
  );
}
