import { Button } from "~/components/mantine/Button";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo, useRef, type ChangeEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/list/FormError";
import { cascade, grantField, grantRows, type GrantNode, type PType, type RoleRow } from "~/lib/role-grants";
import { errorText, type FormFailure } from "~/lib/page-form";
import { isImplemented } from "~/lib/pages";
import { isPlainLeftClick } from "~/lib/clicks";

const PTYPES: Array<PType | ""> = ["", "ReadAndWrite", "ReadOnly"];

/**
 * One role's grants (System/SaveRoleResources): every page of the tree, indented under its group, with a select
 * (not shown, read and write, read only). A page whose grant differs from the release's default says so and
 * names the default. Posted as a whole with the role's version; a refused page shows why under its select.
 */
export function RoleGrantForm({
  role,
  tree,
  failure,
  resetHref,
  onReset,
  reloadHref,
}: {
  role: RoleRow;
  tree: GrantNode[];
  failure: FormFailure | null;
  /** The confirm step's address (without JavaScript); with it, onReset opens the dialog in place. */
  resetHref: string;
  onReset: () => void;
  reloadHref: string;
}) {
  const { t } = useTranslation(["system", "common"]);
  const nav = useNavigation();
  const rows = useMemo(() => grantRows(tree), [tree]);
  const formRef = useRef<HTMLFormElement>(null);
  const values = failure?.values;
  const ptypeText = (p: PType | "" | null) => t(`system:role.ptype.${p || "none"}`);

  // With JavaScript the selects keep the tree's rule as one chooses; without, the API says which rows break it.
  const onChange = (e: ChangeEvent<HTMLFormElement>) => {
    const el = e.target as unknown as HTMLSelectElement;
    if (!el.name?.startsWith("Grants.") || !formRef.current) return;
    const form = formRef.current;
    const select = (code: string) => form.elements.namedItem(grantField(code)) as HTMLSelectElement | null;
    const changes = cascade(rows, el.name.slice("Grants.".length), el.value, (code) => select(code)?.value ?? "");
    for (const [code, v] of Object.entries(changes)) {
      const s = select(code);
      if (s) s.value = v;
    }
  };

  const refusedFields = Object.keys(failure?.errors ?? {});
  const unplaced = refusedFields.some((f) => !f.startsWith("Grants."));
  // The first refused row, to jump to from the message above the (long) list.
  const firstRefused = rows.find((r) => refusedFields.includes(grantField(r.Code)));
  return (
    <Form method="post" preventScrollReset ref={formRef} onChange={onChange} data-testid="grant-form" key={role.Version}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="Role" value={role.Code} />
      <input type="hidden" name="Version" value={values?.Version ?? String(role.Version)} />
      <FormError failure={failure} reloadHref={reloadHref} reloadText={t("system:role.reload")} />
      {failure && !failure.formError && Object.keys(failure.errors).length ? (
        <p className="rg-refused" role="alert" data-testid="grant-refused">
          {unplaced ? t("system:role.errors.invalid") : t("system:role.rowsRefused")}
          {firstRefused ? (
            <>
              {" "}
              <a href={`#grant-${firstRefused.Code}`}>{t("system:role.firstRefused")}</a>
            </>
          ) : null}
        </p>
      ) : null}
      <ul className="rg-list">
        {rows.map((r) => {
          const field = grantField(r.Code);
          const error = errorText((k) => t(`system:${k}`), failure?.errors[field], "role.errors");
          const changed = r.Granted !== r.Default;
          const id = `grant-${r.Code}`;
          return (
            <li
              key={r.Code}
              className="rg-row"
              data-depth={r.depth}
              data-group={r.group ? "true" : undefined}
              data-changed={changed ? "true" : undefined}
              data-testid="grant-row"
              data-code={r.Code}
            >
              <label htmlFor={id} className="rg-page">
                <span className="rg-name">{t(`common:menu.${r.Code}`, { defaultValue: r.Name })}</span>
                {r.Hidden ? <span className="rg-tag">{t("system:role.hiddenTag")}</span> : null}
                {r.External ? <span className="rg-tag">{t("system:role.externalTag")}</span> : null}
                {!r.External && !r.group && !isImplemented(r.Url) ? <span className="rg-tag">{t("system:role.comingTag")}</span> : null}
                <span className="rg-url">{r.Url}</span>
              </label>
              <select
                id={id}
                name={field}
                className="rg-select"
                defaultValue={values ? (values[field] ?? "") : (r.Granted ?? "")}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              >
                {PTYPES.map((p) => (
                  <option key={p} value={p}>
                    {ptypeText(p)}
                  </option>
                ))}
              </select>
              {changed ? (
                <span className="rg-changed" data-testid="grant-changed">
                  {t("system:role.changedFrom", { value: ptypeText(r.Default) })}
                </span>
              ) : null}
              {error ? (
                <span className="rg-error" id={`${id}-error`}>
                  {error}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="rg-actions">
        {role.Changes > 0 ? (
          <Button
            component={Link}
            to={resetHref}
            variant="default"
            preventScrollReset
            data-testid="grant-reset"
            onClick={(e: MouseEvent) => {
              if (!isPlainLeftClick(e)) return;
              e.preventDefault();
              onReset();
            }}
          >
            {t("system:role.reset")}
          </Button>
        ) : null}
        <Button type="submit" loading={nav.state === "submitting" && nav.formData?.get("intent") === "save"} data-testid="grant-save">
          {t("system:role.save")}
        </Button>
      </div>
    </Form>
  );
}
