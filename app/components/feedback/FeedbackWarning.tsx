import { Alert } from "~/components/mantine/Alert";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Toast } from "~/components/Toast";
import type { FeedbackActionResult } from "~/lib/feedback";

/**
 * Why a submit did not go through, as the spec's warning (a toast: 请输入标题, or the API's msg), and, for
 * the API's refusal, an alert that stays above the form after the toast is gone.
 */
let shown = 0;

export function FeedbackWarning({ result }: { result: FeedbackActionResult | undefined }) {
  const { t } = useTranslation("feedback");
  // Each answer gets a fresh toast (its 5 s animation starts again), even when the text is the same.
  const key = useMemo(() => ++shown, [result]);
  if (!result || result.ok) return null;
  const first = Object.values(result.errors)[0];
  const text = result.formError ?? (first ? t(`validation.${first}`) : null);
  if (!text) return null;
  return (
    <>
      <Toast key={key} toast={{ kind: "warning", text }} />
      {result.formError ? (
        <Alert color="orange" variant="light" role="alert" mb="sm" data-testid="feedback-form-error">
          {result.formError}
        </Alert>
      ) : null}
    </>
  );
}
