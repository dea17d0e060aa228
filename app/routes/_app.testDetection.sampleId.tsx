import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SampleCard } from "~/components/detection/SampleCard";
import { SampleScanner } from "~/components/detection/SampleScanner";
import { SampleTable } from "~/components/detection/SampleTable";
import detectionStyles from "~/components/detection/detection.css";
import calculationStyles from "~/components/calculations/calculations.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { isPathAllowed, normalisePath } from "~/lib/access";
import { requireAccess } from "~/lib/auth.server";
import { ORDERS_PATH, SAMPLE_LIST, SAMPLE_PAGE_SIZE, SAMPLE_PATH, sampleHref, sampleQuery, type SampleDetail } from "~/lib/detection";
import { getMethods, getSample, listSamples, sampleCalculations } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage, pageFailure } from "~/lib/notices.server";
import { isImplemented } from "~/lib/pages";
import { SIMILAR_PATHS, similarToSampleHref } from "~/lib/test-data";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /testDetection/sampleId: find a sample by its ID (typed, from a handheld scanner, or from the camera where
 * the browser can read barcodes), see where it comes from, what it is, where it is kept and what it is tested
 * for, and print its label again; below, the samples registered, newest first, filtered by ID or heat number
 * and the order's state. Read-only for every role: samples are registered on their order's page. The list
 * pattern of docs/pages.md; the lookup is a GET form, so the address holds it.
 */
export const handle = { i18n: ["detection", "calculate", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: calculationStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, SAMPLE_PATH);
  const t = await getT(args.request, "detection");
  const { q, code, typed } = sampleQuery(new URL(args.request.url).searchParams);
  const [list, methods] = await Promise.all([forPage(args, () => listSamples(args, token, q, SAMPLE_PAGE_SIZE)), forPage(args, () => getMethods(args, token))]);
  let found: SampleDetail | null = null;
  if (code) found = await getSample(args, token, code).catch((e) => (e instanceof UpstreamError && e.status === 404 ? null : pageFailure(args, e)));
  const calculations = found ? await forPage(args, () => sampleCalculations(args, token, found, methods)) : null;
  const canOpenOrder = isImplemented(ORDERS_PATH) && isPathAllowed(normalisePath(ORDERS_PATH), user.resList);
  const canSimilar = isImplemented(SIMILAR_PATHS.nearest) && isPathAllowed(normalisePath(SIMILAR_PATHS.nearest), user.resList);
  return data({ title: t("samples.title"), q, typed, looked: typed !== "", found, calculations, list, methods, canOpenOrder, canSimilar });
}

export default function SampleIdPage() {
  const { q, typed, looked, found, calculations, list, methods, canOpenOrder, canSimilar } = useLoaderData<typeof loader>();
  const { t } = useTranslation("detection");
  const byCode = new Map(methods.map((m) => [m.Code, m]));
  const filtered = q.keyword !== "" || q.state !== "all";
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="sample-page">
      <PageHeader title={t("samples.title")} intro={t("samples.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Form method="get" id="sample-lookup" className="dt-lookup" role="search" data-testid="sample-lookup">
          <TextInput
            className="ls-grow"
            name="code"
            label={t("lookup.label")}
            description={t("lookup.hint")}
            placeholder="S202611-0001"
            defaultValue={typed}
            key={typed}
            maxLength={200}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus={!looked}
            data-testid="sample-code"
          />
          <Button type="submit" data-testid="sample-find">
            {t("lookup.find")}
          </Button>
          <SampleScanner inputName="code" formId="sample-lookup" />
        </Form>
        {looked && !found ? (
          <p className="dt-notfound" role="status" data-testid="sample-notfound">
            {t("lookup.notFound", { code: typed })}
          </p>
        ) : null}
        {found ? <SampleCard sample={found} methods={byCode} canOpenOrder={canOpenOrder} calculations={calculations} similarHref={canSimilar && calculations?.verified ? similarToSampleHref(found.Code) : null} /> : null}
      </Paper>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <h2 className="dt-section">{t("samples.listTitle")}</h2>
          <Form method="get" className="ls-toolbar" role="search" data-testid="samples-filters">
            <TextInput className="ls-grow" name="keyword" type="search" label={t("samples.keyword")} placeholder={t("samples.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
            <NativeSelect name="state" label={t("samples.stateLabel")} defaultValue={q.state} key={`s-${q.state}`}>
              {SAMPLE_LIST.filters.state.map((s) => (
                <option key={s} value={s}>
                  {s === "all" ? t("samples.allStates") : t(`state.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="ls-phone-only" name="sort" label={t("samples.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
              {SAMPLE_LIST.sorts.flatMap((k) => [k, `-${k}`]).map((k) => (
                <option key={k} value={k}>
                  {t(`samples.sort.${k}`)}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit">{t("samples.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="samples-count">
            {t("samples.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <SampleTable rows={list.rows} sort={q.sort} sortHref={(sort) => sampleHref(q, { sort, page: 1 })} lookupHref={(c) => sampleHref(q, { code: c })} current={found?.Code ?? null} />
          ) : (
            <p className="ls-empty" data-testid="samples-empty">
              {filtered ? t("samples.emptyFilter") : t("samples.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => sampleHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
