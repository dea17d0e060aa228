import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { TextInput } from "~/components/TextInput";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MEMBER_ROLES } from "../../../common/projects.ts";
import { errorText, type FormFailure } from "~/lib/page-form";
import type { ProjectInfo } from "~/lib/projects";

/**
 * The edit page's members: each member's part (participant or co-lead) changed or the member removed, each a
 * small POST form; a person added by user name or mobile. The leader is listed first and changed in the form
 * above (handing over the lead). Plain forms, so it all works without JavaScript.
 */
export function MemberManager({ project, failure }: { project: ProjectInfo; failure: FormFailure | null }) {
  const { t } = useTranslation("project");
  const nav = useNavigation();
  const mine = failure?.values.form === "member" ? failure : null;
  const busy = (intent: string, userId?: string) => nav.state === "submitting" && nav.formData?.get("intent") === intent && (!userId || nav.formData?.get("UserId") === userId);
  return (
    <section aria-labelledby="members-title" id="members" data-testid="project-members">
      <h2 className="pj-section-title" id="members-title">
        {t("members.title", { count: project.Members.length })}
      </h2>
      <ul className="pj-members">
        {project.Members.map((m) => {
          const label = m.RealName ? `${m.RealName} (${m.UserName})` : m.UserName;
          return (
            <li key={m.UserId} data-testid="project-member" data-user={m.UserName}>
              <span className="pj-member-name">{label}</span>
              <span className="ls-dim">{m.Department}</span>
              {m.Role === "leader" ? (
                <span className="pj-role" data-role="leader">
                  {t("role.leader")}
                </span>
              ) : (
                <span className="pj-member-actions">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="setRole" />
                    <input type="hidden" name="ProjectId" value={project.Id} />
                    <input type="hidden" name="UserId" value={m.UserId} />
                    <input type="hidden" name="name" value={label} />
                    <NativeSelect name="Role" defaultValue={m.Role} aria-label={t("members.roleOf", { name: label })} size="xs">
                      {MEMBER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`role.${r}`)}
                        </option>
                      ))}
                    </NativeSelect>
                    <Button type="submit" size="compact-sm" variant="default" loading={busy("setRole", m.UserId)}>
                      {t("members.change")}
                    </Button>
                  </Form>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="removeMember" />
                    <input type="hidden" name="ProjectId" value={project.Id} />
                    <input type="hidden" name="UserId" value={m.UserId} />
                    <input type="hidden" name="name" value={label} />
                    <Button type="submit" size="compact-sm" variant="subtle" color="red" loading={busy("removeMember", m.UserId)} data-testid="member-remove">
                      {t("members.remove")}
                    </Button>
                  </Form>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <Form method="post" preventScrollReset className="pj-add-member" data-testid="member-add-form" noValidate>
        <input type="hidden" name="intent" value="addMember" />
        <input type="hidden" name="ProjectId" value={project.Id} />
        <TextInput
          className="pj-grow"
          name="User"
          label={t("members.user")}
          description={t("members.userHint")}
          maxLength={30}
          spellCheck={false}
          autoComplete="off"
          defaultValue={mine?.values.User ?? ""}
          key={mine ? "failed" : "fresh"}
          error={errorText(t, mine?.errors.User, "errors") ?? (mine?.formError || undefined)}
        />
        <NativeSelect name="Role" label={t("members.role")} defaultValue={mine?.values.Role ?? "member"}>
          {MEMBER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" loading={busy("addMember")} data-testid="member-add">
          {t("members.add")}
        </Button>
      </Form>
    </section>
  );
}
