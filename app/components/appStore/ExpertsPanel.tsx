import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { CRITERIA, type Evaluation } from "~/lib/app-store";

/**
 * The experts' evaluations of a version side by side (one row per expert, a column per criterion, their
 * average and comment) and, while it waits for review, the invitation of more experts by account name.
 */
export function ExpertsPanel({ versionId, evaluations, canInvite }: { versionId: string; evaluations: Evaluation[]; canInvite: boolean }) {
  const { t } = useTranslation("appStore");
  const mean = (e: Evaluation) => (e.Scores ? CRITERIA.reduce((sum, c) => sum + e.Scores![c], 0) / CRITERIA.length : null);
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="experts-panel">
      <h3 className="as-section-title">{t("experts.panel")}</h3>
      {evaluations.length ? (
        <div className="ls-scroll">
          <table className="ls-table" data-testid="evaluations-table">
            <thead>
              <tr>
                <th scope="col">{t("experts.expert")}</th>
                {CRITERIA.map((c) => (
                  <th key={c} scope="col" className="ls-num">
                    {t(`experts.criteria.${c}`)}
                  </th>
                ))}
                <th scope="col" className="ls-num">
                  {t("experts.average")}
                </th>
                <th scope="col">{t("experts.comment")}</th>
              </tr>
            </thead>
            <tbody>
              {evaluations.map((e) => (
                <tr key={e.ExpertName} data-testid="evaluation-row">
                  <td className="ls-strong">
                    {e.ExpertName}
                    {e.EvaluatedAt ? <div className="as-meta">{formatDate(e.EvaluatedAt, "{y}-{m}-{d} {h}:{i}")}</div> : null}
                  </td>
                  {CRITERIA.map((c) => (
                    <td key={c} data-label={t(`experts.criteria.${c}`)} className="ls-num">
                      {e.Scores ? e.Scores[c] : "—"}
                    </td>
                  ))}
                  <td data-label={t("experts.average")} className="ls-num">
                    {mean(e)?.toFixed(1) ?? "—"}
                  </td>
                  <td data-label={t("experts.comment")} style={{ whiteSpace: "pre-wrap" }}>
                    {e.Scores ? e.Comment : <span className="ls-dim">{t("experts.notYet")}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="as-note">{t("experts.none")}</p>
      )}
      {canInvite ? (
        <Form method="post" className="as-search" style={{ marginTop: 10 }} data-testid="invite-form">
          <input type="hidden" name="intent" value="invite" />
          <input type="hidden" name="id" value={versionId} />
          <label className="as-grow">
            {t("experts.inviteHint")}
            <input type="text" name="experts" required maxLength={500} data-testid="invite-experts" />
          </label>
          <Button type="submit" variant="light" data-testid="invite-submit">
            {t("experts.invite")}
          </Button>
        </Form>
      ) : null}
    </Paper>
  );
}
