import { Link } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
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
  const { t } = useTranslation("system");
  // The row texts, looked up once per page rather than in each of the hundreds of rows (a tree page's render
  // time was mostly translation lookups and links).
  const labels = useMemo(() => rowLabels(t), [t]);
  return <Nodes {...props} labels={labels} depth={0} />;
}

type Labels = ReturnType<typeof rowLabels>;

function rowLabels(t: TFunction<"system">) {
  const counted = (key: string) => {
    const seen = new Map<number, string>();
    return (count: number) => {
      let s = seen.get(count);
      if (s === undefined) seen.set(count, (s = t(key, { count })));
      return s;
    };
  };
  return {
    edit: t("dept.edit"),
    addChild: t("dept.addChild"),
    delete: t("dept.delete"),
    disabled: t("dept.disabled"),
    people: counted("dept.people"),
    hidden: counted("dept.hidden"),
    openHidden: counted("dept.openHidden"),
  };
}

function Nodes({ nodes, depth, ...props }: TreeProps & { depth: number; labels: Labels }) {
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

function Row({ node: n, q, onDelete, labels }: { node: DeptNode; labels: Labels } & Omit<TreeProps, "nodes">) {
  const nameId = `dt-${n.Id}`;
  return (
    <>
      <span className="dt-main">
        <span className="dt-toggle" aria-hidden="true">
          ▸
        </span>
        {n.Hidden ? (
          // Its sub-departments were left out of this page (a large tree): the name opens it.
          <Link to={deptHref(q, { at: n.Id })} preventScrollReset className="dt-name" id={nameId} data-testid="dept-open" title={labels.openHidden(n.Hidden)}>
            {n.Name}
            <span className="dt-hidden">{labels.hidden(n.Hidden)}</span>
          </Link>
        ) : (
          <span className="dt-name" id={nameId}>
            {n.Name}
          </span>
        )}
        {n.Code ? <span className="dt-code">{n.Code}</span> : null}
        {n.Disabled ? <span className="dt-badge">{labels.disabled}</span> : null}
      </span>
      <span className="dt-meta">
        {n.Leader ? <span>{n.Leader}</span> : null}
        {n.Phone ? <span>{n.Phone}</span> : null}
        <span>{labels.people(n.People)}</span>
      </span>
      {/* The actions are named by the department's name, which a screen reader announces with the group. */}
      <span className="dt-actions" role="group" aria-labelledby={nameId}>
        <Link to={deptHref(q, { edit: n.Id })} preventScrollReset className="row-act" data-testid="dept-edit">
          {labels.edit}
        </Link>
        <Link to={deptHref(q, { add: n.Id })} preventScrollReset className="row-act" data-variant="subtle" data-testid="dept-add-child">
          {labels.addChild}
        </Link>
        <DeleteLink href={deptHref(q, { confirm: n.Id })} onOpen={() => onDelete(n)}>
          {labels.delete}
        </DeleteLink>
      </span>
    </>
  );
}
