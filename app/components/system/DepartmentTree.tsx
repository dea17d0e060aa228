import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteLink } from "~/components/DeleteConfirm";
import { deptHref, type DeptNode, type DeptQuery } from "~/lib/departments";

interface TreeProps {
  nodes: DeptNode[];
  q: DeptQuery;
  /** Ids to show open: the way to the selected department, or all when filtering. */
  open: Set<string> | "all";
  /** The department the panel is about (highlighted). */
  current: string | null;
  onDelete: (n: DeptNode) => void;
}

/**
 * The department tree as nested lists. A department with sub-departments is a <details>, so it opens and
 * closes without JavaScript; the top level starts open. A large tree comes in part (`budgetTree`): a department
 * whose sub-departments were left out links to `?at=<id>`, which opens it. Each row names the department and its code, leader,
 * phone and people, and links to edit it, add a sub-department, or delete it (links that open the panel).
 */
export function DepartmentTree(props: TreeProps) {
  return <Nodes {...props} depth={0} />;
}

function Nodes({ nodes, depth, ...props }: TreeProps & { depth: number }) {
  return (
    <ul className="dt-list" data-testid={depth === 0 ? "dept-tree" : undefined}>
      {nodes.map((n) => (
        <li key={n.Id} data-testid="dept-node" data-id={n.Id} data-name={n.Name}>
          {n.Children.length ? (
            <details open={props.open === "all" || depth === 0 || props.open.has(n.Id)}>
              <summary className={`dt-row${n.Disabled ? " dt-off" : ""}`} aria-current={props.current === n.Id ? "true" : undefined}>
                <Row node={n} {...props} />
              </summary>
              <Nodes nodes={n.Children} depth={depth + 1} {...props} />
            </details>
          ) : (
            <div className={`dt-row dt-leaf${n.Hidden ? " dt-more" : ""}${n.Disabled ? " dt-off" : ""}`} aria-current={props.current === n.Id ? "true" : undefined}>
              <Row node={n} {...props} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function Row({ node: n, q, onDelete }: { node: DeptNode } & Omit<TreeProps, "nodes">) {
  const { t } = useTranslation("system");
  return (
    <>
      <span className="dt-main">
        <span className="dt-toggle" aria-hidden="true">
          ▸
        </span>
        {n.Hidden ? (
          // Its sub-departments were left out of this page (a large tree): the name opens it.
          <Link to={deptHref(q, { at: n.Id })} preventScrollReset className="dt-name" data-testid="dept-open" title={t("dept.openHidden", { count: n.Hidden })}>
            {n.Name}
            <span className="dt-hidden">{t("dept.hidden", { count: n.Hidden })}</span>
          </Link>
        ) : (
          <span className="dt-name">{n.Name}</span>
        )}
        {n.Code ? <span className="dt-code">{n.Code}</span> : null}
        {n.Disabled ? <span className="dt-badge">{t("dept.disabled")}</span> : null}
      </span>
      <span className="dt-meta">
        {n.Leader ? <span>{n.Leader}</span> : null}
        {n.Phone ? <span>{n.Phone}</span> : null}
        <span>{t("dept.people", { count: n.People })}</span>
      </span>
      <span className="dt-actions" role="group" aria-label={t("dept.actionsOf", { name: n.Name })}>
        <Link to={deptHref(q, { edit: n.Id })} preventScrollReset className="row-act" data-testid="dept-edit">
          {t("dept.edit")}
        </Link>
        <Link to={deptHref(q, { add: n.Id })} preventScrollReset className="row-act" data-variant="subtle" data-testid="dept-add-child">
          {t("dept.addChild")}
        </Link>
        <DeleteLink href={deptHref(q, { confirm: n.Id })} onOpen={() => onDelete(n)}>
          {t("dept.delete")}
        </DeleteLink>
      </span>
    </>
  );
}
