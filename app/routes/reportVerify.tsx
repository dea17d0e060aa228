import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import detectionStyles from "~/components/detection/detection.css";
import { verifyReport } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /reportVerify?token=: what a test report's QR code opens, without a login (whoever holds the paper, such as
 * the client's own customer): the report the token was printed on, who issued it and when, its SHA-256 to
 * compare with a file, and whether a later version replaced it. An unknown token says so plainly.
 */
export const handle = { i18n: ["detection"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: detectionStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const t = await getT(args.request, "detection");
  const token = (new URL(args.request.url).searchParams.get("token") ?? "").trim().slice(0, 64);
  try {
    const report = token ? await verifyReport(args, token) : null;
    return data({ title: t("verify.title"), report, unknown: !report }, { status: report ? 200 : 404 });
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.status !== 404) throw e;
    return data({ title: t("verify.title"), report: null, unknown: true }, { status: 404 });
  }
}

export default function ReportVerifyPage() {
  const { report, unknown } = useLoaderData<typeof loader>();
  const { t } = useTranslation("detection");
  return (
    <Stack maw={640} mx="auto" p={{ base: "sm", sm: "xl" }} gap="md" data-testid="report-verify">
      <Title order={1} size="h2">
        {t("verify.title")}
      </Title>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        {report ? (
          <>
            <p className={report.Current ? "dt-verify-ok" : "dt-verify-old"} role="status" data-testid="report-verify-status">
              {report.Current ? t("verify.current") : t("verify.replaced", { latest: report.LatestCode })}
            </p>
            <dl className="dt-fields">
              <div className="dt-field">
                <dt>{t("verify.code")}</dt>
                <dd data-testid="report-verify-code">{report.Code}</dd>
              </div>
              <div className="dt-field">
                <dt>{t("sample.order")}</dt>
                <dd>{report.OrderCode}</dd>
              </div>
              <div className="dt-field">
                <dt>{t("sample.client")}</dt>
                <dd>{report.ClientName}</dd>
              </div>
              <div className="dt-field">
                <dt>{t("verify.issued")}</dt>
                <dd>
                  {report.IssuedBy} · {formatDate(report.IssuedAt, "{y}-{m}-{d} {h}:{i}")}
                </dd>
              </div>
            </dl>
            <p className="dt-dim dt-small">
              {t("verify.sha")} <code className="dt-sha">{report.Sha256}</code>
            </p>
          </>
        ) : (
          <p className="dt-error" role="alert" data-testid="report-verify-unknown">
            {unknown ? t("verify.unknown") : null}
          </p>
        )}
      </Paper>
    </Stack>
  );
}
