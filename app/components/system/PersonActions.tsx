import { Button } from "~/components/mantine/Button";
import { Radio } from "~/components/Radio";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { peopleHref, type PeopleQuery, type PersonRow } from "~/lib/people";

const label = (p: Pick<PersonRow, "RealName" | "UserName">) => `${p.RealName} (${p.UserName})`;

/**
 * A row's account actions. Edit, reset and disable open the panel (a link, so they work without JavaScript
 * and ask before anything happens); enable and unlock post at once (they take nothing away), and so does
 * unbinding WeChat (the person can bind again from their profile).
 */
export function PersonRowActions({
  person: p,
  q,
  back,
  canTouch,
  self,
}: {
  person: PersonRow;
  q: PeopleQuery;
  back: string;
  canTouch: boolean;
  self: boolean;
}) {
  const { t } = useTranslation("system");
  if (!canTouch) return null;
  const post = (intent: string, text: string, extra: Record<string, string> = {}) => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={p.Id} />
      <input type="hidden" name="name" value={label(p)} />
      <input type="hidden" name="back" value={back} />
      {Object.entries(extra).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Button type="submit" size="compact-sm" variant="light" data-testid={`person-${intent === "status" ? "enable" : intent}`}>
        {text}
      </Button>
    </Form>
  );
  return (
    <span className="ls-actions">
      <Button component={Link} to={peopleHref(q, {}, { edit: p.Id })} preventScrollReset size="compact-sm" variant="light" data-testid="person-edit">
        {t("person.edit")}
      </Button>
      <Button component={Link} to={peopleHref(q, {}, { reset: p.Id })} preventScrollReset size="compact-sm" variant="light" data-testid="person-reset">
        {t("person.resetPassword")}
      </Button>
      {p.Locked ? post("unlock", t("person.unlock")) : null}
      {p.WxBound ? post("unbindWx", t("person.unbindWx")) : null}
      {self ? null : p.Disabled ? (
        post("status", t("person.enable"), { disabled: "false", version: String(p.Version) })
      ) : (
        <Button
          component={Link}
          to={peopleHref(q, {}, { disable: p.Id })}
          preventScrollReset
          size="compact-sm"
          variant="light"
          color="red"
          data-testid="person-disable"
        >
          {t("person.disable")}
        </Button>
      )}
    </span>
  );
}

/** The panel's confirm step for a password reset (shown once, or by SMS) or a disable. */
export function PersonAccountStep({ person: p, mode, back }: { person: PersonRow; mode: "reset" | "disable"; back: string }) {
  const { t } = useTranslation("system");
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === (mode === "reset" ? "reset" : "status");
  return (
    <Form method="post" preventScrollReset data-testid={`person-${mode}-step`}>
      <input type="hidden" name="intent" value={mode === "reset" ? "reset" : "status"} />
      <input type="hidden" name="id" value={p.Id} />
      <input type="hidden" name="name" value={label(p)} />
      <input type="hidden" name="back" value={back} />
      <Stack gap="sm">
        <h2 className="sys-panel-title">{t(mode === "reset" ? "person.resetTitle" : "person.disableTitle", { name: label(p) })}</h2>
        {mode === "reset" ? (
          <>
            <Text size="sm">{t("person.resetIntro")}</Text>
            <Radio name="mode" value="show" label={t("person.resetShow")} defaultChecked />
            {p.Mobile ? <Radio name="mode" value="sms" label={t("person.resetSms", { mobile: `${p.Mobile.slice(0, 3)}****${p.Mobile.slice(-4)}` })} /> : null}
          </>
        ) : (
          <>
            <input type="hidden" name="disabled" value="true" />
            <input type="hidden" name="version" value={String(p.Version)} />
            <Text size="sm">{t("person.disableQuestion", { name: label(p) })}</Text>
          </>
        )}
        <div className="sys-form-actions">
          <Button component={Link} to={back} variant="default" preventScrollReset>
            {t("person.cancel")}
          </Button>
          <Button type="submit" color={mode === "disable" ? "red" : undefined} loading={busy} data-testid="person-confirm">
            {t(mode === "reset" ? "person.resetConfirm" : "person.disable")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}

/** A one-time password, shown this once: the action answered it and nothing keeps it. */
export function OneTimePassword({ name, value, back }: { name: string; value: string; back: string }) {
  const { t } = useTranslation("system");
  return (
    <Stack gap="sm" data-testid="person-password">
      <h2 className="sys-panel-title">{t("person.newPasswordFor", { name })}</h2>
      <output className="sys-secret" data-testid="person-password-value">
        {value}
      </output>
      <Text size="sm">{t("person.newPasswordIntro")}</Text>
      <div className="sys-form-actions">
        <Button component={Link} to={back} data-testid="person-password-done">
          {t("person.done")}
        </Button>
      </div>
    </Stack>
  );
}
