import { Button } from "~/components/mantine/Button";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * 获取验证码 as a submit button (intent=sendCode). The server renders the seconds left of the 60 s
 * countdown; with JavaScript it counts down every second and re-enables itself at 0.
 */
export function SmsButton({ secondsLeft, sentAt, sending }: { secondsLeft: number; sentAt: number | null; sending: boolean }) {
  const { t } = useTranslation("login");
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => {
    setLeft(secondsLeft);
    if (secondsLeft <= 0) return;
    const end = Date.now() + secondsLeft * 1000;
    const id = window.setInterval(() => {
      const l = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(l);
      if (l === 0) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [secondsLeft, sentAt]);
  return (
    <Button
      type="submit"
      name="intent"
      value="sendCode"
      variant="light"
      size="compact-sm"
      w={116}
      disabled={left > 0}
      loading={sending}
      formNoValidate
      data-testid="send-code"
    >
      {left > 0 ? t("sms.seconds", { n: left }) : sentAt ? t("sms.resend") : t("sms.send")}
    </Button>
  );
}
