import { Button } from "~/components/mantine/Button";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AttachmentsField } from "~/components/attachments/AttachmentsField";
import { FieldError } from "~/components/detection/Fields";
import type { AttachmentValue } from "~/lib/attachments";
import { EQUIPMENT_LIMITS as L, EQUIPMENT_STATUSES } from "~/lib/equipment";

export interface EquipmentFormData {
  values: Record<string, string>;
  methods: string[];
  photos: AttachmentValue[];
  manuals: AttachmentValue[];
}

/**
 * An instrument, new or edited (docs/equipment.md): name, model, maker, serial, where it stands and whose it is,
 * the methods it runs (from the lab's catalogue), its calibration and due date, its state, photos and manuals.
 * A multipart form, so the photos and manuals upload with it without JavaScript (AttachmentsField).
 */
export function EquipmentForm({
  form,
  errors,
  message,
  options,
  methods,
  cancelHref,
}: {
  form: EquipmentFormData;
  errors: Record<string, string>;
  message: string | null;
  options: { Departments: { Id: string; Name: string }[]; Keepers: { Id: string; Name: string }[] };
  methods: { Code: string; Name: string }[];
  cancelHref: string;
}) {
  const { t } = useTranslation("equipment");
  const v = form.values;
  const text = (name: string, max: number, extra: Record<string, unknown> = {}) => (
    <label className="dt-stack-label">
      {t(`form.${name}`)}
      <input name={name} className="dt-text-input" maxLength={max} defaultValue={v[name] ?? ""} data-testid={`equipment-${name}`} {...extra} />
      <FieldError text={errors[name]} />
    </label>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="dt-panel dt-edit" data-testid="equipment-form">
      <input type="hidden" name="intent" value="save" />
      {v.Id ? (
        <>
          <input type="hidden" name="Id" value={v.Id} />
          <input type="hidden" name="Version" value={v.Version ?? ""} />
        </>
      ) : null}
      {message ? (
        <p className="dt-error" role="alert" data-testid="equipment-form-error">
          {message}
        </p>
      ) : null}
      <div className="dt-row">
        {text("Name", L.name, { required: true })}
        {text("Model", L.model)}
        {text("Maker", L.maker)}
        {text("Serial", L.serial)}
      </div>
      <div className="dt-row">
        {text("Location", L.location)}
        <label className="dt-stack-label">
          {t("form.DepartmentId")}
          <select name="DepartmentId" className="dt-select" defaultValue={v.DepartmentId ?? ""} data-testid="equipment-DepartmentId">
            <option value="">{t("form.noDepartment")}</option>
            {options.Departments.map((d) => (
              <option key={d.Id} value={d.Id}>
                {d.Name}
              </option>
            ))}
          </select>
          <FieldError text={errors.DepartmentId} />
        </label>
        <label className="dt-stack-label">
          {t("form.KeeperId")}
          <select name="KeeperId" className="dt-select" defaultValue={v.KeeperId ?? ""} data-testid="equipment-KeeperId">
            <option value="">{t("form.keeperMe")}</option>
            {options.Keepers.map((k) => (
              <option key={k.Id} value={k.Id}>
                {k.Name}
              </option>
            ))}
          </select>
          <FieldError text={errors.KeeperId} />
        </label>
        <label className="dt-stack-label">
          {t("form.Status")}
          <select name="Status" className="dt-select" defaultValue={v.Status ?? "active"} data-testid="equipment-Status">
            {EQUIPMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
          <FieldError text={errors.Status} />
        </label>
      </div>
      <div className="dt-row">
        {text("CalibratedOn", 10, { type: "date" })}
        {text("CalibrationDue", 10, { type: "date" })}
      </div>
      <fieldset className="td-criteria eq-methods" data-testid="equipment-methods">
        <legend>{t("form.Methods")}</legend>
        {methods.map((m) => (
          <label key={m.Code} className="td-column">
            <input type="checkbox" name="Methods" value={m.Code} defaultChecked={form.methods.includes(m.Code)} /> {m.Name}
          </label>
        ))}
        <FieldError text={errors.Methods} />
      </fieldset>
      <label className="dt-stack-label">
        {t("form.Note")}
        <textarea name="Note" className="dt-text-input dt-wide" rows={3} maxLength={L.note} defaultValue={v.Note ?? ""} />
        <FieldError text={errors.Note} />
      </label>
      <div className="eq-files">
        <div>
          <h3 className="dt-sub">{t("form.Photos")}</h3>
          <AttachmentsField name="Photos" value={form.photos} accept=".jpg,.jpeg,.png,.webp" />
          <FieldError text={errors.Photos} />
        </div>
        <div>
          <h3 className="dt-sub">{t("form.Manuals")}</h3>
          <AttachmentsField name="Manuals" value={form.manuals} accept=".pdf,.doc,.docx" />
          <FieldError text={errors.Manuals} />
        </div>
      </div>
      <div className="dt-row">
        <Button type="submit" data-testid="equipment-save">
          {t("form.save")}
        </Button>
        <Button component={Link} to={cancelHref} variant="default">
          {t("form.cancel")}
        </Button>
      </div>
    </Form>
  );
}
