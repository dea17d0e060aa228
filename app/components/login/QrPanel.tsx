import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { LoginActionData, LoginPageData } from "~/lib/login";
import { TargetFields } from "./TargetFields";

const POLL_MS = 2000;

/**
 * Scan-to-log-in: the QR code of the ticket's URL, drawn on the server as inline SVG. With JavaScript the
 * page asks every 2 s whether the phone approved (a fetcher posting intent=qrPoll); without it the
 * 继续 button asks once. Approved → the action logs in and redirects; expired → a new code.
 */
export function QrPanel({ page, action }: { page: LoginPageData; action: LoginActionData | undefined }) {
  const { t } = useTranslation("login");
  const location = useLocation();
  const fetcher = useFetcher<LoginActionData>({ key: "qr-poll" });
  const polled = fetcher.data;
  const qr = polled?.qr ?? (action?.intent === "qrPoll" ? action.qr : undefined) ?? page.qr;
  const state = polled?.qrState ?? (action?.intent === "qrPoll" ? action.qrState : undefined);
  const error = polled?.formError ?? (action?.intent === "qrPoll" ? action.formError : null);

  const live = useRef(fetcher);
  live.current = fetcher;
  useEffect(() => {
    const id = window.setInterval(() => {
      const f = live.current;
      if (document.visibilityState !== "visible" || f.state !== "idle") return;
      const fd = new FormData();
      fd.set("intent", "qrPoll");
      fd.set("mode", "qr");
      if (page.target.redirect) fd.set("redirect", page.target.redirect);
      if (page.target.src) fd.set("src", page.target.src);
      f.submit(fd, { method: "post", action: location.pathname + location.search });
    }, POLL_MS);
    return () => window.clearInterval(id);
  }, [location.pathname, location.search, page.target.redirect, page.target.src]);

  return (
    <Stack align="center" gap="sm" data-testid="qr-panel">
      {qr ? (
        <div className="login-qr" role="img" aria-label={t("qr.alt")} dangerouslySetInnerHTML={{ __html: qr.svg }} data-testid="qr-code" />
      ) : null}
      <Text size="sm" ta="center" maw={300}>
        {t("qr.hint")}
      </Text>
      {state === "pending" && !polled ? (
        <Alert color="yellow" variant="light" w="100%" data-testid="qr-pending">
          {t("qr.pending")}
        </Alert>
      ) : null}
      {state === "expired" ? (
        <Alert color="blue" variant="light" w="100%" data-testid="qr-expired">
          {t("qr.expired")}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="orange" variant="light" w="100%">
          {error}
        </Alert>
      ) : null}
      <Form method="post" style={{ width: "100%" }}>
        <TargetFields target={page.target} mode="qr" />
        <Button type="submit" name="intent" value="qrPoll" fullWidth variant="light" data-testid="qr-continue">
          {t("qr.continue")}
        </Button>
      </Form>
      {page.wechat ? (
        <Button component="a" href="/wxlogin?start=1" fullWidth variant="default" data-testid="wx-start">
          {t("wx.start")}
        </Button>
      ) : null}
    </Stack>
  );
}
