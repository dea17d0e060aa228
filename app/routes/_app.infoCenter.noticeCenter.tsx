import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MessageList } from "~/components/infoCenter/MessageList";
import { Pager } from "~/components/infoCenter/Pager";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { PageHeader } from "~/components/PageHeader";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { centerQuery, KEYWORD_MAX, listHref, READ_FILTERS, type CenterQuery } from "~/lib/notices";
import { forPage, listMessages, listNotices } from "~/lib/notices.server";

/**
 * /infoCenter/noticeCenter (通知公告): published notices, or with `?tab=messages` the user's directed
 * messages; searchable by title (a GET form), filtered all / unread / read, paged by plain links.
 */
export const handle = { i18n: ["infoCenter"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: infoCenterStyles }];
export const meta = pageMeta;

const PATH = "/infoCenter/noticeCenter";
const DEFAULTS = { tab: "notices", page: 1, read: "all" };
const hrefOf = (q: CenterQuery, change: Partial<CenterQuery>) => listHref(PATH, { ...q, ...change }, DEFAULTS);

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "infoCenter");
  const q = centerQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => (q.tab === "messages" ? listMessages(args, token, q) : listNotices(args, token, q)));
  return data({ title: t("center.title"), q, list });
}

export default function NoticeCenter() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("infoCenter");
  const messages = q.tab === "messages";
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="notice-center">
      <PageHeader title={t("center.title")} intro={t("center.intro")} />
      <nav className="ic-tabs" aria-label={t("center.tabsLabel")}>
        {(["notices", "messages"] as const).map((tab) => (
          <Link key={tab} to={hrefOf({ ...q, keyword: "", read: "all" }, { tab, page: 1 })} className="ic-tab" aria-current={q.tab === tab ? "page" : undefined} data-testid={`tab-${tab}`}>
            {t(`center.tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        <Stack gap="sm">
          <div className="ic-toolbar">
            <Form method="get" className="ic-search" role="search" data-testid="search-form">
              {messages ? <input type="hidden" name="tab" value="messages" /> : null}
              {q.read !== "all" ? <input type="hidden" name="read" value={q.read} /> : null}
              <TextInput
                name="keyword"
                type="search"
                label={t("center.keyword")}
                placeholder={t("center.keywordPlaceholder")}
                defaultValue={q.keyword}
                maxLength={KEYWORD_MAX}
                key={q.keyword}
              />
              <Button type="submit" data-testid="search-submit">
                {t("center.search")}
              </Button>
            </Form>
            <div className="ic-filters" role="group" aria-label={t("center.filterLabel")}>
              {READ_FILTERS.map((read) => (
                <Link key={read} to={hrefOf(q, { read, page: 1 })} className="ic-chip" aria-current={q.read === read ? "true" : undefined} data-testid={`filter-${read}`}>
                  {t(`filter.${read}`)}
                </Link>
              ))}
            </div>
          </div>
          <Text size="sm" c="dimmed" data-testid="result-count">
            {q.keyword ? t("center.foundFor", { count: list.total, keyword: q.keyword }) : t("center.found", { count: list.total })}
          </Text>
          <MessageList
            rows={list.rows}
            hrefFor={(id) => (messages ? `/infoCenter/UserInfoDetail?id=${id}` : `/infoCenter/noticeDetail?id=${id}`)}
            empty={messages ? t("center.noMessages") : t("center.noNotices")}
            testId={messages ? "message-list" : "notice-list"}
          />
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => hrefOf(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
