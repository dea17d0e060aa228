import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DETECTION_LIMITS } from "../../common/forms/limits.ts";
import { OrderForm } from "~/components/detection/OrderForm";
import { OrderList } from "~/components/detection/OrderList";
import { ProjectTable } from "~/components/detection/ProjectTable";
import { ProjectForm } from "~/components/detection/ProjectForm";
import { OrderView, type OrderFailure } from "~/components/detection/OrderView";
import detectionStyles from "~/components/detection/detection.css";
import { Catalogue } from "~/components/testData/Catalogue";
import { keywordFrom } from "~/lib/notices";
import { getTestDataCatalogue } from "~/lib/test-data.server";
import testDataStyles from "~/components/testData/testData.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { readOneFileForm } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { isLabUser, refused, saveResultsForm } from "~/lib/detection-actions.server";
import { idParam } from "~/lib/list-query";
import { ORDER_PAGE_SIZE, ORDERS_PATH, orderHref, orderQuery, ordersHref, PROJECT_LIST, projectQuery, projectsHomeHref, projectsHref } from "~/lib/detection";
import { clientOptions, getMethods, getOrder, getProject, importResults, listOrders, listProjects, orderView, projectOptions, registerSamples, reissueReport, resultInstruments, saveDetectionProject, saveTaskOrder, setOrderState } from "~/lib/detection.server";
import { DEFAULT_LINES, lineCount, orderFromForm, orderValues, projectFromForm, projectValues } from "~/lib/detection-forms";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast } from "~/lib/page-actions.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /testDetection/steelNky: the laboratory's task orders. The list filters by state, overdue and keyword in the
 * address; `?id=` opens one order, where the lab moves it through its states, registers its samples and prints
 * their labels, enters or imports results and verifies them (docs/detection.md). `?view=projects` lists the
 * detection projects; `?new=project` and `?editProject=<id>` are the project's form. Read-only staff and outside
 * readers see the same without the forms; the API decides what each may do, whatever this page shows.
 */
export const handle = { i18n: ["detection", "testData", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, ORDERS_PATH);
  const t = await getT(args.request, "detection");
  const search = new URL(args.request.url).searchParams;
  const { q, id } = orderQuery(search);
  const canWrite = isLabUser(user);
  const editing = canWrite ? idParam(search.get("edit")) : null;
  const making = canWrite ? search.get("new") : null;
  if (editing || making === "order") {
    const [projects, methods, draft] = await Promise.all([
      forPage(args, () => projectOptions(args, token)),
      forPage(args, () => getMethods(args, token)),
      editing ? forPage(args, () => getOrder(args, token, editing)) : Promise.resolve(null),
    ]);
    const values = draft ? orderValues(draft) : { lines: String(DEFAULT_LINES), ProjectId: idParam(search.get("project")) ?? "" };
    const form = { kind: "order" as const, projects: projects.rows, methods, values, locked: draft ? draft.State !== "draft" : false };
    return data({ title: t(draft ? "orderForm.editTitle" : "orderForm.newTitle"), q, view: null, list: null, projects: null, form, canWrite });
  }
  const editingProject = canWrite ? idParam(search.get("editProject")) : null;
  if (making === "project" || editingProject) {
    const [clients, project] = await Promise.all([
      forPage(args, () => clientOptions(args, token)),
      editingProject ? forPage(args, () => getProject(args, token, editingProject)) : Promise.resolve(null),
    ]);
    if (editingProject && !project) throw new Response(t("errors.notFound"), { status: 404 });
    const values = project ? projectValues(project) : {};
    return data({ title: t(project ? "projectForm.editTitle" : "projectForm.title"), q, view: null, list: null, projects: null, form: { kind: "project" as const, clients, values }, canWrite });
  }
  if (search.get("view") === "catalogue") {
    const keyword = keywordFrom(search.get("keyword"));
    const [catalogue, methods] = await Promise.all([forPage(args, () => getTestDataCatalogue(args, token, keyword)), forPage(args, () => getMethods(args, token))]);
    const view = { keyword, catalogue, methodNames: Object.fromEntries(methods.map((m) => [m.Code, m.Name])) };
    return data({ title: (await getT(args.request, "testData"))("catalogue.title"), q, view: null, list: null, projects: null, form: null, canWrite, catalogue: view });
  }
  if (search.get("view") === "projects") {
    const pq = projectQuery(search);
    const projects = await forPage(args, () => listProjects(args, token, pq, ORDER_PAGE_SIZE));
    return data({ title: t("projects.title"), q, view: null, list: null, projects: { q: pq, list: projects }, form: null, canWrite });
  }
  if (id) {
    const view = await forPage(args, () => orderView(args, token, id));
    // The results forms' registered instruments, while the lab can enter results.
    const instruments = canWrite && view.order.State === "in_test" ? await forPage(args, () => resultInstruments(args, token)) : [];
    return data({ title: `${view.order.Code} · ${t("orders.title")}`, q, view: { ...view, instruments }, list: null, projects: null, form: null, canWrite });
  }
  const list = await forPage(args, () => listOrders(args, token, q, ORDER_PAGE_SIZE));
  return data({ title: t("orders.title"), q, view: null, list, projects: null, form: null, canWrite });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, ORDERS_PATH);
  const t = await getT(request, "detection");
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  const form = multipart ? await readOneFileForm(request, DETECTION_LIMITS.csvBytes) : await request.formData();
  if (!form) return data({ failure: { form: "import", values: {}, errors: {}, message: t("import.tooLarge") } satisfies OrderFailure }, { status: 413 });
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const intent = values.intent;

  if (intent === "moreLines" || intent === "saveOrder") {
    const { json, values: shown, fieldOf, lines } = orderFromForm(form);
    if (intent === "moreLines") return data({ failure: { form: "order", values: { ...shown, lines: String(lineCount(String(lines), true)) }, errors: {}, message: null } satisfies OrderFailure });
    let saved: { Id: string; Code: string };
    try {
      saved = await saveTaskOrder(args, token, json);
    } catch (e) {
      return refused(args, e, "order", shown, fieldOf);
    }
    return redirectWithToast(request, orderHref(saved.Id), { kind: "success", text: t("toast.orderSaved", { code: saved.Code }) });
  }

  if (intent === "saveProject") {
    const { json, values: shown } = projectFromForm(form);
    let saved: { Id: string };
    try {
      saved = await saveDetectionProject(args, token, json);
    } catch (e) {
      return refused(args, e, "project", shown, (f) => (f === "ClientKind" || f === "ClientId" ? "ClientId" : f));
    }
    if (json.Id) return redirectWithToast(request, projectsHomeHref(), { kind: "success", text: t("toast.projectUpdated", { code: json.Code }) });
    // Straight on to the project's first order.
    return redirectWithToast(request, `${ORDERS_PATH}?new=order&project=${saved.Id}`, { kind: "success", text: t("toast.projectSaved", { code: json.Code }) });
  }

  if (intent === "state") {
    const id = values.Id ?? "";
    const action = values.Action ?? "";
    try {
      await setOrderState(args, token, { Id: id, Action: action, Version: Number(values.Version), Reason: values.Reason ?? "" });
    } catch (e) {
      return refused(args, e, values.Reason === undefined ? "state" : `state:${action}`, values);
    }
    return redirectWithToast(request, orderHref(id), { kind: "success", text: t("toast.state", { action: t(`action.${action}`) }) });
  }

  if (intent === "register") {
    const orderId = values.OrderId ?? "";
    // The lines with a count; all left at 0 is "nothing", which the API refuses as such (not "all of them").
    const lines = Object.keys(values)
      .filter((k) => k.startsWith("count:") && values[k].trim() !== "" && Number(values[k]) !== 0)
      .map((k) => ({ LineNo: Number(k.slice(6)), Count: Number(values[k]), HeatNo: values[`heat:${k.slice(6)}`] ?? "" }));
    let made: { Samples: { Code: string }[] };
    try {
      made = (await registerSamples(args, token, { OrderId: orderId, Pattern: values.Pattern ?? "", Storage: values.Storage ?? "", Lines: lines })) as { Samples: { Code: string }[] };
    } catch (e) {
      // The API names a line by its place in what was sent; the form by its line number.
      return refused(args, e, "register", values, (f) => {
        const m = /^Lines\.(\d+)\.(\w+)/.exec(f);
        if (!m) return f;
        const line = lines[Number(m[1])];
        return line ? `${m[2] === "HeatNo" ? "heat" : "count"}:${line.LineNo}` : null;
      });
    }
    const codes = made.Samples.map((s) => s.Code);
    return redirectWithToast(request, orderHref(orderId), { kind: "success", text: t("toast.registered", { count: codes.length, first: codes[0], last: codes[codes.length - 1] }) });
  }

  if (intent === "results") {
    const failed = await saveResultsForm(args, token, values);
    return failed ?? redirectWithToast(request, orderHref(orderIdIn(values.back)), { kind: "success", text: t("toast.saved") });
  }

  if (intent === "reissue") {
    const orderId = values.OrderId ?? "";
    let issued: { Code: string };
    try {
      issued = (await reissueReport(args, token, { OrderId: orderId, Reason: values.Reason ?? "" })) as { Code: string };
    } catch (e) {
      return refused(args, e, "reissue", values);
    }
    return redirectWithToast(request, orderHref(orderId), { kind: "success", text: t("toast.reissued", { code: issued.Code }) });
  }

  if (intent === "import") {
    const file = form.get("file");
    const orderId = orderIdIn(values.back);
    if (!(file instanceof File) || file.size === 0) return data({ failure: { form: "import", values, errors: {}, message: t("import.noFile") } satisfies OrderFailure }, { status: 400 });
    let done: { Imported: number; Samples: number };
    try {
      done = await importResults(args, token, { OrderId: orderId, Method: values.Method ?? "", Equipment: values.Equipment ?? "", EquipmentId: values.EquipmentId ?? "" }, file);
    } catch (e) {
      if (e instanceof UpstreamError && !e.sessionInvalid) {
        // Each bad cell, as the API named it: row, column and why.
        const cells = (e.returnData as { errors?: { Row: number; Column: string; Message: string }[] } | null)?.errors ?? [];
        const list = cells.map((c) => t("import.cell", { row: c.Row, column: c.Column, message: c.Message })).join("\n");
        return refused(args, e, "import", { ...values, errors: list });
      }
      return refused(args, e, "import", values);
    }
    return redirectWithToast(request, orderHref(orderId), { kind: "success", text: t("toast.imported", { count: done.Imported, samples: done.Samples }) });
  }
  throw new Response(t("errors.invalid"), { status: 400 });
}

/** The order a posted `back` (the order's own address) names; "" when none, which the API refuses. */
const orderIdIn = (back: string | undefined) => idParam(new URL(back ?? ORDERS_PATH, "http://x.invalid").searchParams.get("id")) ?? "";

export default function SteelNkyPage() {
  const loaded = useLoaderData<typeof loader>();
  const { q, view, list, projects, form, canWrite } = loaded;
  const catalogue = "catalogue" in loaded && loaded.catalogue ? loaded.catalogue : null;
  const actionData = useActionData<{ failure?: OrderFailure }>();
  const { t } = useTranslation("detection");
  const { t: tt } = useTranslation("testData");
  if (form) {
    const failure = actionData?.failure?.form === form.kind ? actionData.failure : null;
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="orders-page">
        <PageHeader title={t("orders.title")} />
        {form.kind === "order" ? (
          form.locked ? (
            <p className="dt-error" role="alert">
              {t("orderForm.locked")}
            </p>
          ) : (
            <OrderForm projects={form.projects} methods={form.methods} values={failure?.values ?? form.values} errors={failure?.errors ?? {}} message={failure?.message ?? null} cancelHref={form.values.Id ? orderHref(form.values.Id) : ordersHref(q)} />
          )
        ) : (
          <ProjectForm clients={form.clients} values={failure?.values ?? form.values} errors={failure?.errors ?? {}} message={failure?.message ?? null} cancelHref={form.values.Id ? projectsHomeHref() : ordersHref(q)} />
        )}
      </Stack>
    );
  }
  if (view) {
    const back = orderHref(view.order.Id);
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="orders-page">
        <div className="sys-head">
          <PageHeader title={t("orders.title")} />
          <div className="sys-head-actions">
            <Button component={Link} to={ordersHref(q)} variant="subtle" data-testid="order-back">
              {t("orders.back")}
            </Button>
          </div>
        </div>
        <OrderView
          order={view.order}
          results={view.results}
          methods={view.methods}
          reports={view.reports}
          canWrite={canWrite}
          failure={actionData?.failure ?? null}
          back={back}
          instruments={view.instruments}
        />
      </Stack>
    );
  }
  if (catalogue) {
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="orders-page">
        <PageHeader title={t("orders.title")} intro={tt("catalogue.intro")} />
        <ListViews current="catalogue" />
        <Catalogue catalogue={catalogue.catalogue} keyword={catalogue.keyword} methodNames={catalogue.methodNames} action={ORDERS_PATH} />
      </Stack>
    );
  }
  if (projects) {
    const pq = projects.q;
    const pFiltered = pq.keyword !== "" || pq.status !== "all";
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="orders-page">
        <div className="sys-head">
          <PageHeader title={t("orders.title")} intro={t("projects.intro")} />
          {canWrite ? (
            <div className="sys-head-actions">
              <Button component={Link} to={`${ORDERS_PATH}?new=project`} data-testid="orders-new-project">
                {t("orders.newProject")}
              </Button>
            </div>
          ) : null}
        </div>
        <ListViews current="projects" />
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <Form method="get" className="ls-toolbar" role="search" data-testid="projects-filters">
              <input type="hidden" name="view" value="projects" />
              <TextInput className="ls-grow" name="keyword" type="search" label={t("orders.keyword")} placeholder={t("projects.keywordPlaceholder")} defaultValue={pq.keyword} maxLength={100} key={pq.keyword} />
              <NativeSelect name="status" label={t("projects.statusLabel")} defaultValue={pq.status} key={`st-${pq.status}`}>
                {PROJECT_LIST.filters.status.map((st) => (
                  <option key={st} value={st}>
                    {st === "all" ? t("samples.allStates") : t(`projects.status.${st}`)}
                  </option>
                ))}
              </NativeSelect>
              <Button type="submit">{t("samples.search")}</Button>
            </Form>
            <Text className="ls-count" data-testid="projects-count">
              {t("projects.found", { count: projects.list.total })}
            </Text>
            {projects.list.rows.length ? (
              <ProjectTable rows={projects.list.rows} sort={pq.sort} sortHref={(sort) => projectsHref(pq, { sort, page: 1 })} editHref={(id) => `${ORDERS_PATH}?editProject=${id}`} canWrite={canWrite} />
            ) : (
              <p className="ls-empty" data-testid="projects-empty">
                {pFiltered ? t("projects.emptyFilter") : t("projects.empty")}
              </p>
            )}
            <Pager total={projects.list.total} size={projects.list.size} current={pq.page} hrefFor={(page) => projectsHref(pq, { page })} />
          </Stack>
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="orders-page">
      <div className="sys-head">
        <PageHeader title={t("orders.title")} intro={t("orders.intro")} />
        {canWrite ? (
          <div className="sys-head-actions">
            <Button component={Link} to={`${ORDERS_PATH}?new=project`} variant="default" data-testid="orders-new-project">
              {t("orders.newProject")}
            </Button>
            <Button component={Link} to={`${ORDERS_PATH}?new=order`} data-testid="orders-new">
              {t("orders.newOrder")}
            </Button>
          </div>
        ) : null}
      </div>
      <ListViews current="orders" />
      <OrderList q={q} list={list!} href={ordersHref} empty={t("orders.empty")} />
    </Stack>
  );
}

/** The page's two lists: the task orders and the detection projects they belong to. */
function ListViews({ current }: { current: "orders" | "projects" | "catalogue" }) {
  const { t } = useTranslation("detection");
  const { t: tt } = useTranslation("testData");
  return (
    <nav className="dt-views" aria-label={t("projects.views")}>
      <Link to={ORDERS_PATH} aria-current={current === "orders" ? "page" : undefined} data-testid="view-orders">
        {t("projects.viewOrders")}
      </Link>
      <Link to={projectsHomeHref()} aria-current={current === "projects" ? "page" : undefined} data-testid="view-projects">
        {t("projects.viewProjects")}
      </Link>
      <Link to={`${ORDERS_PATH}?view=catalogue`} aria-current={current === "catalogue" ? "page" : undefined} data-testid="view-catalogue">
        {tt("catalogue.view")}
      </Link>
    </nav>
  );
}
