import { Button } from "~/components/mantine/Button";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/detection/Fields";
import { DETECTION_LIMITS as L } from "../../../common/forms/limits.ts";

/**
 * A detection project, new or edited: a client's testing request (code, name, the department or enterprise,
 * standards, due date; when edited, whether it is still active). Editing posts its id and version (a change by
 * someone else meanwhile is refused as stale) and keeps its leader and research project.
 */
export function ProjectForm({
  clients,
  values,
  errors,
  message,
  cancelHref,
}: {
  clients: { Departments: { Id: string; Name: string }[]; Enterprises: { Id: string; Name: string }[] };
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
  cancelHref: string;
}) {
  const { t } = useTranslation("detection");
  const err = (k: string) => <FieldError text={errors[k]} />;
  return (
    <Form method="post" className="dt-panel dt-edit" data-testid="project-form">
      <input type="hidden" name="intent" value="saveProject" />
      {values.Id ? (
        <>
          {(["Id", "Version", "LeaderId", "ResearchProjectId"] as const).map((k) => (
            <input key={k} type="hidden" name={k} value={values[k] ?? ""} />
          ))}
        </>
      ) : null}
      <h2 className="dt-section">{t(values.Id ? "projectForm.editTitle" : "projectForm.title")}</h2>
      {message ? (
        <p className="dt-error" role="alert" data-testid="project-form-error">
          {message}
        </p>
      ) : null}
      <div className="dt-row">
        <label className="dt-stack-label">
          {t("projectForm.code")}
          <input name="Code" className="dt-text-input" maxLength={L.code} required defaultValue={values.Code ?? ""} placeholder="NCS-2026-002" data-testid="project-form-code" />
          {err("Code")}
        </label>
        <label className="dt-stack-label dt-grow">
          {t("projectForm.name")}
          <input name="Name" className="dt-text-input dt-wide" maxLength={L.name} required defaultValue={values.Name ?? ""} data-testid="project-form-name" />
          {err("Name")}
        </label>
      </div>
      <div className="dt-row">
        <label className="dt-stack-label">
          {t("sample.client")}
          <select name="Client" className="dt-select" required defaultValue={values.Client ?? ""} data-testid="project-form-client">
            <option value="">{t("projectForm.chooseClient")}</option>
            <optgroup label={t("projectForm.departments")}>
              {clients.Departments.map((d) => (
                <option key={d.Id} value={`department:${d.Id}`}>
                  {d.Name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t("projectForm.enterprises")}>
              {clients.Enterprises.map((e) => (
                <option key={e.Id} value={`enterprise:${e.Id}`}>
                  {e.Name}
                </option>
              ))}
            </optgroup>
          </select>
          <FieldError text={errors.ClientId ?? errors.ClientKind} />
          {values.Id ? <span className="dt-dim dt-small">{t("projectForm.clientLockedHint")}</span> : null}
        </label>
        <label className="dt-stack-label">
          {t("order.due")}
          <input name="DueDate" type="date" className="dt-text-input" defaultValue={values.DueDate ?? ""} />
          {err("DueDate")}
        </label>
        {values.Id ? (
          <label className="dt-stack-label">
            {t("projects.statusLabel")}
            <select name="Status" className="dt-select" defaultValue={values.Status ?? "active"} data-testid="project-form-status">
              <option value="active">{t("projects.status.active")}</option>
              <option value="closed">{t("projects.status.closed")}</option>
            </select>
            {err("Status")}
          </label>
        ) : null}
      </div>
      <label className="dt-stack-label">
        {t("projectForm.standards")}
        <input name="Standards" className="dt-text-input dt-wide" maxLength={L.standards} defaultValue={values.Standards ?? ""} placeholder="GB/T 228.1-2021, GB/T 231.1-2018" />
        {err("Standards")}
      </label>
      <div className="dt-row">
        <Button type="submit" data-testid="project-form-save">
          {t("projectForm.save")}
        </Button>
        <Button component={Link} to={cancelHref} variant="subtle">
          {t("orderForm.cancel")}
        </Button>
      </div>
    </Form>
  );
}
