import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { formatSize } from "~/lib/attachments";
import { inLang, taskHref, type VersionDetail, type VersionState } from "~/lib/app-store";

const AT = "{y}-{m}-{d} {h}:{i}";

/** A version's state as a coloured badge (appStore.css). */
export function StateBadge({ state }: { state: VersionState }) {
  const { t } = useTranslation("appStore");
  return (
    <span className="as-state" data-state={state} data-testid="version-state">
      {t(`state.${state}`)}
    </span>
  );
}

/** One file of the package shown read-only: its lines as highlighted HTML (app/lib/code-highlight.server.ts), null when binary or large. */
export interface CodeView {
  Path: string;
  Lines: string[] | null;
  Bytes: number;
}

/**
 * A version as its author and the reviewers read it (docs/app-store.md): the checks, the example's test run
 * (a link to its task page with the log and the plots), the review's comment, what the app takes and gives,
 * its files with one of them opened, and its history. `actions` is what the page lets the reader do with it.
 */
export function VersionPanel({ v, fileHref, code, actions }: { v: VersionDetail; fileHref: (path: string) => string; code: CodeView | null; actions?: ReactNode }) {
  const { t, i18n } = useTranslation("appStore");
  const lang = i18n.language;
  const m = v.Manifest;
  const { revalidate, state } = useRevalidator();
  // While the example runs, the page looks again every few seconds (without JavaScript: the refresh link).
  useEffect(() => {
    if (v.State !== "testing") return;
    const timer = setInterval(() => state === "idle" && revalidate(), 3000);
    return () => clearInterval(timer);
  }, [v.State, state, revalidate]);
  return (
    <Stack gap="md" data-testid="version-panel" data-state={v.State}>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="xs">
          <div className="as-head">
            <h2 className="as-title">{t("version.title", { name: v.Name, version: v.Version })}</h2>
            <StateBadge state={v.State} />
          </div>
          <p className="as-meta">
            <span className="dt-code">{v.AppId}</span> · {t("version.by", { who: v.UploadedBy, at: formatDate(v.UploadedAt, AT) })}
          </p>
          <p className="as-meta">{v.Description}</p>
          <p className="as-meta">
            {t("version.package", { file: v.FileName, size: formatSize(v.PackageBytes) })} · {t("version.sha")} <span className="ls-mono">{v.Sha256.slice(0, 16)}…</span>
          </p>
          {actions ? <div className="as-actions">{actions}</div> : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <h3 className="as-section-title">{t("version.checks")}</h3>
        <p className="as-ok">✓ {t("version.checksPassed")}</p>
        <h3 className="as-section-title" style={{ marginTop: 12 }}>
          {t("version.testRun")}
        </h3>
        <div data-testid="test-run">
          {v.State === "testing" ? (
            <p className="as-note">
              {t("version.testRunning")}{" "}
              <Link to={`?${new URLSearchParams({ id: v.Id })}`} className="dt-code-link" data-testid="test-refresh">
                {t("version.refresh")}
              </Link>
            </p>
          ) : v.TestStatus === "succeeded" ? (
            <p className="as-ok">✓ {t("version.testOk")}</p>
          ) : v.TestTaskId ? (
            <p className="as-bad" data-testid="test-error">
              {t("version.testFailed")}
              {v.TestError ?? ""}
            </p>
          ) : v.State === "test-failed" ? (
            <p className="as-bad">{v.Events.find((e) => e.Action === "test-not-started")?.Comment ?? t("version.noTestTask")}</p>
          ) : null}
          {v.TestTaskId ? (
            <p>
              <Link to={taskHref(v.TestTaskId)} className="dt-code-link" data-testid="test-task">
                {t("version.testTask")}
              </Link>
            </p>
          ) : null}
        </div>
      </Paper>

      {v.ReviewComment || v.ReviewedAt ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="review-comment">
          <h3 className="as-section-title">{t("version.review")}</h3>
          {v.ReviewComment ? (
            <p className="as-note" style={{ whiteSpace: "pre-wrap" }}>
              {v.ReviewComment}
            </p>
          ) : null}
          {v.ReviewedBy && v.ReviewedAt ? <p className="as-meta">{t("version.reviewedBy", { who: v.ReviewedBy, at: formatDate(v.ReviewedAt, AT) })}</p> : null}
        </Paper>
      ) : null}

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <h3 className="as-section-title">{t("version.about")}</h3>
        <dl className="as-facts">
          <dt>{t("version.category")}</dt>
          <dd>{t(`common:menu.${v.Category}`)}</dd>
          <dt>{t("version.runtime")}</dt>
          <dd>{t(`runtime.${v.Runtime}`)}</dd>
          <dt>{t("version.command")}</dt>
          <dd className="ls-mono">{m.command}</dd>
          <dt>{t("version.resources")}</dt>
          <dd>{t("version.resourcesLine", { cores: m.resources.cores, memory: m.resources.memoryMiB, walltime: m.resources.walltimeMin })}</dd>
          <dt>{t("version.license")}</dt>
          <dd>{m.license}</dd>
          <dt>{t("version.authors")}</dt>
          <dd>{m.authors.join("、")}</dd>
          {v.Tags.length ? (
            <>
              <dt>{t("version.tags")}</dt>
              <dd>{v.Tags.join(" · ")}</dd>
            </>
          ) : null}
          {m.changelog ? (
            <>
              <dt>{t("version.changelog")}</dt>
              <dd style={{ whiteSpace: "pre-wrap" }}>{m.changelog}</dd>
            </>
          ) : null}
        </dl>
        <h3 className="as-section-title" style={{ marginTop: 12 }}>
          {t("version.inputs")}
        </h3>
        <div className="ls-scroll">
          <table className="ls-table" data-testid="version-inputs">
            <thead>
              <tr>
                <th scope="col">{t("version.field")}</th>
                <th scope="col">{t("version.label")}</th>
                <th scope="col">{t("version.kind")}</th>
                <th scope="col">{t("version.range")}</th>
                <th scope="col">{t("version.example")}</th>
              </tr>
            </thead>
            <tbody>
              {m.inputs.map((i) => (
                <tr key={i.name}>
                  <td className="ls-mono">{i.name}</td>
                  <td data-label={t("version.label")}>{inLang(i.label, lang)}</td>
                  <td data-label={t("version.kind")}>{i.kind}</td>
                  <td data-label={t("version.range")}>
                    {i.min !== undefined || i.max !== undefined ? `${i.min ?? "−∞"} – ${i.max ?? "∞"}` : "—"} {i.unit ?? ""}
                  </td>
                  <td data-label={t("version.example")}>{m.example[i.name] !== undefined ? String(m.example[i.name]) : i.default !== undefined ? String(i.default) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <h3 className="as-section-title" style={{ marginTop: 12 }}>
          {t("version.outputs")}
        </h3>
        <ul className="as-history">
          {m.outputs.map((o) => (
            <li key={o.name}>
              <span className="ls-mono">{o.name}</span> · {inLang(o.label, lang)} · {o.kind}
              {o.unit ? ` (${o.unit})` : ""}
            </li>
          ))}
        </ul>
      </Paper>

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <h3 className="as-section-title">{t("version.files")}</h3>
        <ul className="as-files" data-testid="version-files">
          {v.Files.map((f) => (
            <li key={f.Path}>
              <Link to={fileHref(f.Path)} aria-current={code?.Path === f.Path ? "true" : undefined} className="dt-code-link" preventScrollReset>
                {f.Path}
              </Link>{" "}
              <span className="ls-dim">({formatSize(f.Bytes)})</span>
            </li>
          ))}
        </ul>
        {code ? (
          <div id="code" data-testid="code-view">
            <h4 className="as-section-title" style={{ marginTop: 12 }}>
              {t("version.code")}: <span className="ls-mono">{code.Path}</span>
            </h4>
            {code.Lines === null ? (
              <p className="as-note">{code.Bytes > 256 * 1024 ? t("version.tooBig", { size: formatSize(code.Bytes) }) : t("version.binary", { size: formatSize(code.Bytes) })}</p>
            ) : (
              <pre className="as-code hljs">
                <ol>
                  {/* highlight.js escapes the source; the lines are its output cut at line ends. */}
                  {code.Lines.map((line, k) => (
                    <li key={k} dangerouslySetInnerHTML={{ __html: line || " " }} />
                  ))}
                </ol>
              </pre>
            )}
          </div>
        ) : null}
      </Paper>

      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <h3 className="as-section-title">{t("version.history")}</h3>
        <ol className="as-history" data-testid="version-history">
          {v.Events.map((e, k) => (
            <li key={k}>
              <span className="ls-dim">{formatDate(e.At, AT)}</span> · {e.ActorName} · {t(`event.${e.Action}`, { defaultValue: e.Action })}
              {e.Comment ? `: ${e.Comment}` : ""}
            </li>
          ))}
        </ol>
      </Paper>
    </Stack>
  );
}
