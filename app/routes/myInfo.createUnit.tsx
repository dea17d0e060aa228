import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { messageOf } from "~/components/login/FieldError";
import { AuthShell } from "~/components/login/AuthShell";
import { useFieldErrors } from "~/components/login/useFieldErrors";
import loginStyles from "~/components/login/login.css";
import { createUnitBySG } from "~/lib/account.server";
import { requireUser } from "~/lib/auth.server";
import { flashToast } from "~/lib/cookies.server";
import { checkUnit, formValues, type FieldErrors } from "~/lib/forms";
import { getT } from "~/lib/i18n.server";
import { readTarget, successUrl } from "~/lib/login.server";
import { pageMeta } from "~/lib/meta";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /myInfo/createUnit: the unit prompt for SG users without a unit (needUnit, section 5). It has no
 * cancel and no close; /loginSuccess and the landing page send such users here until a unit is named.
 */
export const handle = { i18n: ["login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: loginStyles }];
export const meta = pageMeta;

const firstOf = (request: Request) => new URL(request.url).searchParams.get("first") === "1";

export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requireUser(args);
  const url = new URL(args.request.url);
  if (!user.needUnit) return redirect(successUrl(readTarget(url), firstOf(args.request)));
  const t = await getT(args.request, "login");
  const target = readTarget(url);
  return { title: t("unit.title"), target: { redirect: target.redirect, src: target.src } };
}

interface UnitResult {
  errors: FieldErrors;
  values: { DepartmentName?: string };
  formError: string | null;
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireUser(args);
  const v = formValues(await args.request.formData());
  const values = { DepartmentName: v.DepartmentName ?? "" };
  const errors = checkUnit(v);
  if (Object.keys(errors).length) return data<UnitResult>({ errors, values, formError: null });
  try {
    await createUnitBySG(args, token, v.DepartmentName!.trim());
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    return data<UnitResult>({ errors: {}, values, formError: e.msg || "Error" });
  }
  const t = await getT(args.request, "login");
  const url = new URL(args.request.url);
  return redirect(successUrl(readTarget(url), firstOf(args.request)), {
    headers: { "Set-Cookie": await flashToast(args.request, { kind: "success", text: t("unit.created") }) },
  });
}

export default function CreateUnit() {
  const { t } = useTranslation("login");
  const result = useActionData() as UnitResult | undefined;
  const nav = useNavigation();
  const { onBlur, onChange, errorOf } = useFieldErrors(result?.errors, checkUnit);
  return (
    <AuthShell narrow>
      <Stack gap="md" data-testid="unit-prompt">
        <Title order={2} size="h3">
          {t("unit.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("unit.intro")}
        </Text>
        {result?.formError ? (
          <Alert color="orange" variant="light" role="alert">
            {result.formError}
          </Alert>
        ) : null}
        <Form method="post" noValidate onBlur={onBlur} onChange={onChange}>
          <Stack gap="sm">
            <TextInput
              name="DepartmentName"
              label={t("unit.name")}
              placeholder={t("unit.placeholder")}
              defaultValue={result?.values.DepartmentName ?? ""}
              withAsterisk
              error={messageOf(t, errorOf("DepartmentName"))}
              data-testid="unit-name"
            />
            <Button type="submit" size="md" loading={nav.state !== "idle"}>
              {t("unit.submit")}
            </Button>
          </Stack>
        </Form>
      </Stack>
    </AuthShell>
  );
}
