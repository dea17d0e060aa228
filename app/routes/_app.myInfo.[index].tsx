import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { PasswordInput } from "~/components/PasswordInput";
import { Radio } from "~/components/Radio";
import { SimpleGrid } from "~/components/mantine/SimpleGrid";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useConstants } from "~/lib/constants";
import { PageHeader } from "~/components/PageHeader";
import { messageOf } from "~/components/login/FieldError";
import { useFieldErrors } from "~/components/login/useFieldErrors";
import myInfoStyles from "~/components/myinfo.css";
import { updateMyInfo, updatePassword } from "~/lib/account.server";
import { localLogout, requireAccess } from "~/lib/auth.server";
import { cookieOpts, flashToast, rememberCookie } from "~/lib/cookies.server";
import { checkPasswordChange, checkProfile, formValues, GENDERS, type FieldErrors } from "~/lib/forms";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { UpstreamError } from "~/lib/upstream.server";
import type { UserInfo } from "~/lib/user";

/**
 * /myInfo/index: the user's profile (RealName, Mobile, Email, IdCard, Gender) and the password change.
 * `?UpdatePwd=0` (where the guard sends users who must change the password) puts the password form first
 * with a banner. Two forms, told apart by `intent`; bad input is named under its field and saves nothing.
 */
export const handle = { i18n: ["myInfo", "login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: myInfoStyles }];
export const meta = pageMeta;

const PROFILE_FIELDS = ["RealName", "Mobile", "Email", "IdCard", "Gender"] as const;
/** The API names the password fields after its payload; the form after what the user sees. */
const API_FIELD: Record<string, string> = { oldPwd: "oldPassword", newPwd: "newPassword" };

export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requireAccess(args);
  const t = await getT(args.request, "myInfo");
  // The guard already loaded the user's info (Login/GetUserInfoByIdInfo): no second call for the same fields.
  const info = user.userInfo;
  const forced = new URL(args.request.url).searchParams.get("UpdatePwd") === "0" || user.userInfo.UpdatePwd === false;
  return data({ title: t("title"), info, forced, roles: user.roleList.map((r) => r.RoleName) });
}

interface Result {
  intent: "profile" | "password";
  errors: FieldErrors;
  /** Messages the API gave for a field (already in the user's language). */
  fieldText: Record<string, string>;
  values: Record<string, string>;
  formError: string | null;
}

/** The API's refusal: its message under the first field it names, or above the form. */
function refusal(e: UpstreamError, intent: Result["intent"], values: Record<string, string>) {
  const fields = (e.returnData as { fields?: Array<{ field: string }> } | null)?.fields ?? [];
  const first = fields[0]?.field;
  const name = first ? (API_FIELD[first] ?? first) : null;
  return data<Result>({ intent, errors: {}, values, fieldText: name ? { [name]: e.msg } : {}, formError: name ? null : e.msg || "Error" });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token, user } = await requireAccess(args, "/myInfo/index");
  const v = formValues(await request.formData());
  const t = await getT(request, "myInfo");

  if (v.intent === "profile") {
    const values = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (v[f] ?? "").trim()]));
    const errors = checkProfile(values);
    if (Object.keys(errors).length) return data<Result>({ intent: "profile", errors, values, fieldText: {}, formError: null });
    try {
      await updateMyInfo(args, token, values);
    } catch (e) {
      if (!(e instanceof UpstreamError)) throw e;
      if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(request, e.msg) });
      return refusal(e, "profile", values);
    }
    return redirect("/myInfo/index", { headers: { "Set-Cookie": await flashToast(request, { kind: "success", text: t("profile.saved") }) } });
  }

  if (v.intent === "password") {
    const errors = checkPasswordChange(v);
    if (Object.keys(errors).length) return data<Result>({ intent: "password", errors, values: {}, fieldText: {}, formError: null });
    try {
      await updatePassword(args, token, v.oldPassword!, v.newPassword!);
    } catch (e) {
      if (!(e instanceof UpstreamError)) throw e;
      if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(request, e.msg) });
      return refusal(e, "password", {});
    }
    const h = new Headers();
    h.append("Set-Cookie", await flashToast(request, { kind: "success", text: t("password.changed") }));
    // A remembered password is the old one now.
    if (request.headers.get("Cookie")?.includes("__remember=")) {
      h.append("Set-Cookie", await rememberCookie.serialize("", { ...cookieOpts(request), maxAge: 0 }));
    }
    // A forced change done: on to the platform. Otherwise stay on the profile.
    return redirect(user.userInfo.UpdatePwd === false ? "/computeDynamicRoute/index" : "/myInfo/index", { headers: h });
  }

  throw new Response(t("badIntent"), { status: 400 });
}

export default function MyInfo() {
  const { info, forced, roles } = useLoaderData<typeof loader>();
  const result = useActionData() as Result | undefined;
  const { t } = useTranslation("myInfo");
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="my-info">
      <PageHeader title={t("title")} intro={t("intro")} />
      {forced ? (
        <Alert color="orange" variant="light" title={t("forced.title")} data-testid="forced-banner">
          {t("forced.body")}
        </Alert>
      ) : null}
      <div className={`mi-grid${forced ? " mi-grid-forced" : ""}`}>
        <ProfileForm info={info} roles={roles} result={result?.intent === "profile" ? result : undefined} />
        <PasswordForm result={result?.intent === "password" ? result : undefined} forced={forced} />
      </div>
      {forced ? null : (
        <Paper withBorder radius="md" p="md" className="mi-wx" data-testid="wx-card">
          <div>
            <Text fw={600}>{t("wx.statusTitle")}</Text>
            <Text size="sm" c="dimmed">
              {info.WxNickname !== null ? t("wx.boundShort", { name: info.WxNickname || t("wx.noNickname") }) : t("wx.notBound")}
            </Text>
          </div>
          <Button component={Link} to={info.WxNickname !== null ? "/myInfo/bindWxResult" : "/myInfo/bindWxResult?start=1"} reloadDocument variant="light" data-testid="wx-manage">
            {info.WxNickname !== null ? t("wx.manage") : t("wx.bind")}
          </Button>
        </Paper>
      )}
    </Stack>
  );
}

function ProfileForm({ info, roles, result }: { info: UserInfo; roles: string[]; result: Result | undefined }) {
  const { t } = useTranslation("myInfo");
  const genders = useConstants().GenderArr;
  const nav = useNavigation();
  const { onBlur, onChange, errorOf } = useFieldErrors(result?.errors, checkProfile);
  const val = (f: (typeof PROFILE_FIELDS)[number]) => result?.values[f] ?? (f === "Gender" ? String(info.Gender ?? 0) : ((info[f] as string | null) ?? ""));
  const err = (f: string) => messageOf(t, errorOf(f)) ?? result?.fieldText[f];
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <Title order={2} size="h4" mb="sm">
        {t("profile.title")}
      </Title>
      <dl className="mi-facts">
        <dt>{t("profile.account")}</dt>
        <dd data-testid="account-name">{info.Name}</dd>
        <dt>{t("profile.unit")}</dt>
        <dd>{info.DepartmentName || "—"}</dd>
        <dt>{t("profile.roles")}</dt>
        <dd>{roles.join("、") || "—"}</dd>
      </dl>
      {result?.formError ? (
        <Alert color="orange" variant="light" role="alert" mt="md">
          {result.formError}
        </Alert>
      ) : null}
      <Form method="post" noValidate onBlur={onBlur} onChange={onChange} data-testid="profile-form">
        <input type="hidden" name="intent" value="profile" />
        <Stack gap="sm" mt="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput name="RealName" label={t("profile.realName")} defaultValue={val("RealName")} withAsterisk maxLength={50} error={err("RealName")} />
            <TextInput
              name="Mobile"
              type="tel"
              inputMode="numeric"
              label={t("profile.mobile")}
              defaultValue={val("Mobile")}
              withAsterisk
              maxLength={11}
              error={err("Mobile")}
            />
            <TextInput name="Email" type="email" label={t("profile.email")} defaultValue={val("Email")} maxLength={100} error={err("Email")} />
            <TextInput name="IdCard" label={t("profile.idCard")} defaultValue={val("IdCard")} maxLength={18} error={err("IdCard")} />
          </SimpleGrid>
          <Radio.Group name="Gender" label={t("profile.gender")} defaultValue={val("Gender")} error={err("Gender")}>
            <Group gap="lg" mt={6}>
              {GENDERS.map((g) => (
                <Radio key={g} value={g} label={genders[String(g)]} />
              ))}
            </Group>
          </Radio.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={nav.state !== "idle" && nav.formData?.get("intent") === "profile"} data-testid="profile-save">
              {t("profile.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

function PasswordForm({ result, forced }: { result: Result | undefined; forced: boolean }) {
  const { t } = useTranslation("myInfo");
  const nav = useNavigation();
  const { onBlur, onChange, errorOf } = useFieldErrors(result?.errors, checkPasswordChange);
  const err = (f: string) => messageOf(t, errorOf(f)) ?? result?.fieldText[f];
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} className="mi-password" id="password" style={forced ? { borderColor: "#f08c00" } : undefined}>
      <Title order={2} size="h4" mb="sm">
        {t("password.title")}
      </Title>
      {result?.formError ? (
        <Alert color="orange" variant="light" role="alert" mb="sm">
          {result.formError}
        </Alert>
      ) : null}
      <Form method="post" noValidate onBlur={onBlur} onChange={onChange} data-testid="password-form">
        <input type="hidden" name="intent" value="password" />
        <Stack gap="sm">
          <PasswordInput name="oldPassword" label={t("password.old")} autoComplete="current-password" withAsterisk error={err("oldPassword")} />
          <PasswordInput
            name="newPassword"
            label={t("password.new")}
            description={t("password.rule")}
            autoComplete="new-password"
            withAsterisk
            error={err("newPassword")}
          />
          <PasswordInput name="confirmPassword" label={t("password.confirm")} autoComplete="new-password" withAsterisk error={err("confirmPassword")} />
          <Group justify="flex-end">
            <Button type="submit" color={forced ? "orange" : undefined} loading={nav.state !== "idle" && nav.formData?.get("intent") === "password"} data-testid="password-save">
              {t("password.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
