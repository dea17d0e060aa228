import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MessageList } from "~/components/infoCenter/MessageList";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { PageHeader } from "~/components/PageHeader";
import { requireAccess } from "~/lib/auth.server";
import { flashToast } from "~/lib/cookies.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { PAGE_SIZE } from "~/lib/notices";
import { forPage, listMessages, listNotices, readAll, type Listing } from "~/lib/notices.server";
import type { CallArgs } from "~/lib/upstream.server";

/**
 * /infoCenter/index (我的消息, where the bell leads): the user's directed messages and the newest notices,
 * unread ones first and marked, with counts, and one form that marks everything read.
 */
export const handle = { i18n: ["infoCenter"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: infoCenterStyles }];
export const meta = pageMeta;

/** One section: its unread rows first, then the newest read ones up to a page. */
async function section(list: (q: { page: number; keyword: string; read: "unread" | "read" }) => Promise<Listing>) {
  const [unread, read] = await Promise.all([list({ page: 1, keyword: "", read: "unread" }), list({ page: 1, keyword: "", read: "read" })]);
  return { unread: unread.total, total: unread.total + read.total, rows: [...unread.rows, ...read.rows].slice(0, PAGE_SIZE) };
}

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "infoCenter");
  const call: CallArgs = args;
  const [messages, notices] = await forPage(args, () =>
    Promise.all([section((q) => listMessages(call, token, q)), section((q) => listNotices(call, token, q))]),
  );
  return data({ title: t("index.title"), messages, notices });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, "/infoCenter/index");
  const form = await args.request.formData();
  const t = await getT(args.request, "infoCenter");
  if (form.get("intent") !== "readAll") throw new Response(t("badIntent"), { status: 400 });
  await forPage(args, () => readAll(args, token));
  return redirect("/infoCenter/index", { headers: { "Set-Cookie": await flashToast(args.request, { kind: "success", text: t("index.allRead") }) } });
}

export default function InfoCenterIndex() {
  const { messages, notices } = useLoaderData<typeof loader>();
  const { t } = useTranslation("infoCenter");
  const nav = useNavigation();
  const anyUnread = messages.unread + notices.unread > 0;
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="info-center">
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageHeader title={t("index.title")} intro={t("index.intro")} />
        <Form method="post">
          <input type="hidden" name="intent" value="readAll" />
          <Button type="submit" variant="light" disabled={!anyUnread} loading={nav.state === "submitting" && nav.formData?.get("intent") === "readAll"} data-testid="read-all">
            {t("index.readAll")}
          </Button>
        </Form>
      </Group>
      <div className="ic-grid">
        <Section
          title={t("index.messages")}
          counts={messages}
          moreHref="/infoCenter/noticeCenter?tab=messages"
          testId="my-messages"
          list={<MessageList rows={messages.rows} hrefFor={(id) => `/infoCenter/UserInfoDetail?id=${id}`} empty={t("index.noMessages")} testId="message-list" />}
        />
        <Section
          title={t("index.notices")}
          counts={notices}
          moreHref="/infoCenter/noticeCenter"
          testId="latest-notices"
          list={<MessageList rows={notices.rows} hrefFor={(id) => `/infoCenter/noticeDetail?id=${id}`} empty={t("index.noNotices")} testId="notice-list" />}
        />
      </div>
    </Stack>
  );
}

function Section({ title, counts, moreHref, list, testId }: { title: string; counts: { unread: number; total: number }; moreHref: string; list: React.ReactNode; testId: string }) {
  const { t } = useTranslation("infoCenter");
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="section" data-testid={testId}>
      <div className="ic-section-head">
        <Title order={2} size="h4">
          {title}
        </Title>
        <span className="ic-counts" data-testid={`${testId}-counts`}>
          {counts.unread ? (
            <>
              <strong>{t("index.unreadCount", { count: counts.unread })}</strong>
              {" · "}
            </>
          ) : null}
          {t("index.totalCount", { count: counts.total })}
        </span>
      </div>
      {list}
      {counts.total > 0 ? (
        <Anchor component={Link} to={moreHref} size="sm" mt="xs" display="inline-block">
          {t("index.viewAll")}
        </Anchor>
      ) : null}
    </Paper>
  );
}
