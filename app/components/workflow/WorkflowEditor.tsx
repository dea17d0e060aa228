import { Alert } from "~/components/mantine/Alert";
import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { ProjectChoice } from "~/components/computeForm/FormParts";
import type { EditorPage, EditorResult, StepApp } from "~/lib/workflow-editor.server";
import { fieldName, MAX_STEPS, readEditorState, stepOfError, workflowFromState, type EditorErrors, type Say, type StepDraft } from "./editor-state";

/**
 * The workflow editor (cloudCompute?app=workflow): ready-made chains as plain links, then the steps, each with
 * its id, app, params (JSON), inputs and extra dependencies. Add, remove and "example params" are submit
 * buttons the server answers by drawing the editor again, so all of it works without JavaScript; with it,
 * the same posts go through Remix and the download is built from what is typed at that moment.
 */

const SELF = "/steelResearchCompute/cloudCompute?app=workflow";
const INSTRUCTION = "/steelResearchCompute/instructionModeCompute?app=workflow";

/** The message under a field (`of` is the field's id): its element is `err-<of>`, found by tests as `error-<of>`. */
function FieldError({ of, text }: { of: string; text?: string }) {
  return text ? (
    <div className="cf-error" id={`err-${of}`} role="alert" data-testid={`error-${of}`}>
      {text}
    </div>
  ) : null;
}

/** Attributes tying an input to its hint or its error, and marking it refused. */
const described = (id: string, error?: string, hint?: boolean) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `err-${id}` : hint ? `hint-${id}` : undefined,
});

function AppSelect({ name, id, apps, value, error }: { name: string; id: string; apps: StepApp[]; value: string; error?: string }) {
  const { t } = useTranslation("workflow");
  const groups = new Map<string, StepApp[]>();
  for (const a of apps) groups.set(a.categoryText, [...(groups.get(a.categoryText) ?? []), a]);
  // An app the list does not have (a typo in a cloned workflow) stays selectable, so nothing is lost.
  const unknown = value && !apps.some((a) => a.id === value);
  return (
    <select id={id} name={name} defaultValue={value} {...described(id, error)}>
      {unknown ? <option value={value}>{value}</option> : null}
      {[...groups].map(([cat, list]) => (
        <optgroup key={cat} label={cat}>
          {list.map((a) => (
            <option key={a.id} value={a.id}>
              {a.available ? a.name : t("editor.appUnavailable", { name: a.name })}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

function StepCard({ i, step, steps, apps, errors }: { i: number; step: StepDraft; steps: StepDraft[]; apps: StepApp[]; errors: EditorErrors }) {
  const { t } = useTranslation("workflow");
  const id = (part: string) => `wf-${i}-${part}`;
  const err = (part: string) => errors[`steps.${i}.${part}`];
  const others = steps.filter((_, j) => j !== i).map((s) => s.id.trim()).filter(Boolean);
  return (
    <fieldset className="wf-step" id={`wf-step-${i}`} data-testid={`wf-step-${i}`} data-step-id={step.id}>
      <legend className="wf-step-legend">{t("editor.stepN", { n: i + 1 })}</legend>
      <div className="wf-step-head">
        <FieldError of={`wf-${i}`} text={errors[`steps.${i}`]} />
        <Button type="submit" name="intent" value={`remove:${i}`} variant="subtle" color="red" size="compact-sm" data-testid={`wf-remove-${i}`} className="wf-remove">
          {t("editor.remove", { id: step.id || i + 1 })}
        </Button>
      </div>
      <div className="wf-step-grid">
        <div className="cf-field" data-testid={`wf-field-${i}-id`}>
          <label htmlFor={id("id")}>{t("editor.stepId")}</label>
          <input id={id("id")} name={fieldName(i, "id")} defaultValue={step.id} autoComplete="off" spellCheck={false} {...described(id("id"), err("id"), true)} />
          <span className="cf-hint" id={`hint-${id("id")}`}>
            {t("editor.stepIdHint")}
          </span>
          <FieldError of={id("id")} text={err("id")} />
        </div>
        <div className="cf-field" data-testid={`wf-field-${i}-app`}>
          <label htmlFor={id("app")}>{t("editor.app")}</label>
          <AppSelect id={id("app")} name={fieldName(i, "app")} apps={apps} value={step.app} error={err("app")} />
          <Button type="submit" name="intent" value={`example:${i}`} variant="light" size="compact-xs" className="wf-example" data-testid={`wf-example-${i}`}>
            {t("editor.useExample")}
          </Button>
          <FieldError of={id("app")} text={err("app")} />
        </div>
        <div className="cf-field wf-wide" data-testid={`wf-field-${i}-params`}>
          <label htmlFor={id("params")}>{t("editor.params")}</label>
          <textarea
            id={id("params")}
            name={fieldName(i, "params")}
            defaultValue={step.params}
            rows={Math.min(14, Math.max(4, step.params.split("\n").length + 1))}
            spellCheck={false}
            className="wf-code"
            {...described(id("params"), err("params"), true)}
          />
          <span className="cf-hint" id={`hint-${id("params")}`}>
            {t("editor.paramsHint")}
          </span>
          <FieldError of={id("params")} text={err("params")} />
        </div>
        <div className="cf-field wf-wide" data-testid={`wf-field-${i}-inputs`}>
          <label htmlFor={id("inputs")}>{t("editor.inputs")}</label>
          <textarea
            id={id("inputs")}
            name={fieldName(i, "inputs")}
            defaultValue={step.inputs}
            rows={Math.max(2, step.inputs.split("\n").length + 1)}
            spellCheck={false}
            className="wf-code"
            placeholder="x0 = steps.eq.result.phases[name=FCC_A1].composition.ZR"
            {...described(id("inputs"), err("inputs"), true)}
          />
          <span className="cf-hint" id={`hint-${id("inputs")}`}>
            {t("editor.inputsHint")}
          </span>
          <FieldError of={id("inputs")} text={err("inputs")} />
        </div>
        <div className="cf-field wf-wide" data-testid={`wf-field-${i}-after`}>
          <label htmlFor={id("after")}>{t("editor.after")}</label>
          <input id={id("after")} name={fieldName(i, "after")} defaultValue={step.after} autoComplete="off" spellCheck={false} {...described(id("after"), err("after"), true)} />
          <span className="cf-hint" id={`hint-${id("after")}`}>
            {others.length ? t("editor.afterHint", { ids: others.join(", ") }) : t("editor.afterHintNone")}
          </span>
          <FieldError of={id("after")} text={err("after")} />
        </div>
      </div>
    </fieldset>
  );
}

/** Every refusal in one list at the top, each a link to the step it is about (long workflows scroll). */
function ErrorSummary({ message, errors, steps }: { message: string | null; errors: EditorErrors; steps: StepDraft[] }) {
  const { t } = useTranslation("workflow");
  if (!message && !Object.keys(errors).length) return null;
  const items = Object.entries(errors).filter(([k]) => k !== "form");
  return (
    <Alert color="red" variant="light" role="alert" title={t("editor.refused")} data-testid="wf-refused">
      {errors.form ? <div className="cf-error" data-testid="error-form">{errors.form}</div> : null}
      {items.length ? (
        <ul className="wf-summary">
          {items.map(([k, m]) => {
            const i = stepOfError(k);
            const where = i === null ? t(`editor.where.${k}`, { defaultValue: k }) : t("editor.whereStep", { id: steps[i]?.id || i + 1 });
            return (
              <li key={k}>
                <a href={i === null ? (k === "report" ? "#wf-advanced" : "#wf-steps") : `#wf-step-${i}`}>{where}</a>: {m.split("\n")[0]}
                {m.includes("\n") ? " …" : ""}
              </li>
            );
          })}
        </ul>
      ) : null}
    </Alert>
  );
}

/**
 * The download of workflow.yaml: the server's link holds what it last drew; with JavaScript a click builds
 * the file from the fields as they are now (YAML loaded only then).
 */
function DownloadYaml({ href, formRef }: { href: string | null; formRef: React.RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation("workflow");
  const say: Say = (key, vars) => t(`check.${key}`, vars);
  const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
    const form = formRef.current;
    if (!form) return;
    e.preventDefault();
    const fd = new FormData(form);
    const { workflow } = workflowFromState(readEditorState((n) => fd.get(n)), say);
    if (!workflow) {
      window.alert(t("editor.downloadFix"));
      return;
    }
    const { stringify } = await import("yaml");
    const url = URL.createObjectURL(new Blob([stringify(workflow, { lineWidth: 0 })], { type: "application/yaml" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "workflow.yaml";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return href ? (
    <Anchor href={href} download="workflow.yaml" onClick={onClick} size="sm" data-testid="wf-download">
      {t("editor.download")}
    </Anchor>
  ) : (
    <span className="cf-hint" data-testid="wf-download-blocked">
      {t("editor.downloadFix")}
    </span>
  );
}

export function WorkflowEditor({ page, result }: { page: EditorPage; result?: EditorResult }) {
  const { t } = useTranslation("workflow");
  const nav = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const state = result?.state ?? page.state;
  const errors = result?.errors ?? {};
  const yamlHref = result ? result.yamlHref : page.yamlHref;
  const busyIntent = nav.state !== "idle" ? String(nav.formData?.get("intent") ?? "submit") : null;
  // The step just added or re-filled comes into view once drawn (with JavaScript; without, the page opens at the top).
  // A refusal brings its summary into view (Submit is at the bottom of a long form), where each line links to its step.
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result?.focus != null) document.getElementById(`wf-step-${result.focus}`)?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    else if (result && Object.keys(result.errors).length) summary.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [result]);
  const full = state.steps.length >= MAX_STEPS;
  const loadedChain = page.chains.find((c) => c.id === state.chain);
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="cloud-compute" data-app="workflow">
      <PageHeader title={page.title} intro={t("editor.intro")} />
      {page.available ? null : (
        <Alert color="orange" variant="light" title={t("editor.unavailable")} data-testid="app-unavailable">
          {page.unavailableReason}
        </Alert>
      )}
      <nav className="wf-links" aria-label={t("editor.linksLabel")}>
        <Anchor component={Link} to="/steelResearchCompute/Coupling" size="sm">
          {t("editor.category")}
        </Anchor>
        {page.instructionMode ? (
          <Anchor component={Link} to={INSTRUCTION} size="sm" data-testid="to-instruction">
            {t("editor.toInstruction")}
          </Anchor>
        ) : null}
      </nav>
      {page.from ? (
        <Alert color="blue" variant="light" data-testid="clone-note">
          {t("editor.cloneOf", { id: page.from })}
        </Alert>
      ) : null}
      {page.fromMissing || page.chainMissing ? (
        <Alert color="orange" variant="light" data-testid="clone-missing">
          {page.fromMissing ? t("editor.fromMissing") : t("editor.chainMissing")}
        </Alert>
      ) : null}

      {/* Open while the editor is empty; once a chain or steps are there it folds to one line (a click, no JavaScript needed, opens it). */}
      <details className="wf-chooser" open={!state.chain && state.steps.length === 0} data-testid="wf-chains">
        <summary>
          <Title order={2} size="h4" component="span" id="wf-chains-title">
            {t("editor.chains")}
          </Title>
          {loadedChain ? <span className="wf-chooser-current">{t("editor.chainLoaded", { name: loadedChain.name })}</span> : null}
        </summary>
        {page.chainsMissing ? (
          <p className="cf-hint">{t("editor.chainsMissing")}</p>
        ) : (
          <ul className="wf-chains">
            {page.chains.map((c) => {
              const current = state.chain === c.id;
              return (
                <li key={c.id} className={`wf-chain${current ? " wf-chain-current" : ""}`} data-testid={`chain-${c.id}`}>
                  <Link to={`${SELF}&chain=${encodeURIComponent(c.id)}`} aria-current={current ? "true" : undefined} className="wf-chain-link">
                    {c.name}
                  </Link>
                  <span className="wf-chain-desc">{c.description}</span>
                  {current ? <span className="wf-chain-badge">{t("editor.chainCurrent")}</span> : null}
                </li>
              );
            })}
            <li className="wf-chain">
              <Link to={SELF} className="wf-chain-link" data-testid="chain-empty">
                {t("editor.startEmpty")}
              </Link>
              <span className="wf-chain-desc">{t("editor.startEmptyDesc")}</span>
            </li>
          </ul>
        )}
      </details>

      <div ref={summary} className="wf-summary-anchor">
        <ErrorSummary message={result?.message ?? null} errors={errors} steps={state.steps} />
      </div>

      {/* Remounted when the server sends a new state, so the uncontrolled inputs take it. */}
      <Form method="post" noValidate ref={formRef} key={result ? JSON.stringify(result.state) : "initial"} data-testid="wf-editor" className="wf-form">
        {/* The first submit button is what Enter in a field presses: make it Submit, not "remove step 1". */}
        <button type="submit" name="intent" value="submit" className="wf-default-submit" tabIndex={-1} aria-hidden="true">
          {t("editor.submit")}
        </button>
        <input type="hidden" name="app" value="workflow" />
        <input type="hidden" name="chain" value={state.chain} />
        <input type="hidden" name="stepCount" value={state.steps.length} />
        <Stack gap="md">
          <div className="cf-field wf-name">
            <label htmlFor="wf-name">{t("editor.name")}</label>
            <input id="wf-name" name="name" defaultValue={state.name} autoComplete="off" {...described("wf-name", errors.name)} />
            <FieldError of="wf-name" text={errors.name} />
          </div>

          <section id="wf-steps" aria-labelledby="wf-steps-title" className="wf-steps">
            <Title order={2} size="h4" id="wf-steps-title">
              {t("editor.steps", { count: state.steps.length })}
            </Title>
            <FieldError of="wf-steps-list" text={errors.steps} />
            {state.steps.length === 0 ? <p className="cf-hint" data-testid="wf-no-steps">{t("editor.noSteps")}</p> : null}
            {state.steps.map((s, i) => (
              <StepCard key={i} i={i} step={s} steps={state.steps} apps={page.apps} errors={errors} />
            ))}
            <div className="wf-add" data-testid="wf-add">
              <div className="cf-field">
                <label htmlFor="wf-new-app">{t("editor.newApp")}</label>
                <AppSelect id="wf-new-app" name="newApp" apps={page.apps} value={state.steps.at(-1)?.app ?? page.apps[0]?.id ?? ""} error={errors.newApp} />
                <FieldError of="wf-new-app" text={errors.newApp} />
              </div>
              <Button type="submit" name="intent" value="add" variant="light" disabled={full} loading={busyIntent === "add"} data-testid="wf-add-step">
                {t("editor.addStep")}
              </Button>
              {full ? <span className="cf-hint">{t("editor.full", { max: MAX_STEPS })}</span> : null}
            </div>
          </section>

          <details className="wf-advanced" id="wf-advanced" open={Boolean(errors.report) || undefined}>
            <summary>{t("editor.advanced")}</summary>
            <div className="cf-field" data-testid="wf-field-report">
              <label htmlFor="wf-report">{t("editor.report")}</label>
              <textarea id="wf-report" name="report" defaultValue={state.report} rows={8} spellCheck={false} className="wf-code" {...described("wf-report", errors.report, true)} />
              <span className="cf-hint" id="hint-wf-report">
                {t("editor.reportHint")}
              </span>
              <FieldError of="wf-report" text={errors.report} />
            </div>
          </details>

          {page.projects.length ? <ProjectChoice projects={page.projects} value={result?.project ?? page.project} error={errors.projectId} /> : null}
          <div className="cf-submit wf-submit">
            <DownloadYaml href={yamlHref} formRef={formRef} />
            <Button type="submit" name="intent" value="submit" loading={busyIntent === "submit"} data-testid="compute-submit">
              {t("editor.submit")}
            </Button>
          </div>
        </Stack>
      </Form>
    </Stack>
  );
}
