import { Anchor } from "~/components/mantine/Anchor";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AttachmentList } from "~/components/attachments/AttachmentList";
import { DetailView } from "~/components/infoCenter/DetailView";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { useBadgeRefresh } from "~/components/infoCenter/useBadgeRefresh";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { isId } from "~/lib/notices";
import { forPage, openNotice } from "~/lib/notices.server";

/** /infoCenter/noticeDetail?id=: one published notice, marked read; an unknown id is the 404 page inside the layout. */
export const handle = { i18n: ["infoCenter", "attachments"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: infoCenterStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const id = new URL(args.request.url).searchParams.get("id");
  if (!isId(id)) throw new Response((await getT(args.request))("errors.notFound"), { status: 404 });
  const notice = await forPage(args, () => openNotice(args, token, id));
  return data({ title: notice.title, notice });
}

export default function NoticeDetail() {
  const { notice } = useLoaderData<typeof loader>();
  const { t } = useTranslation("infoCenter");
  useBadgeRefresh(notice.wasUnread, notice.id);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="notice-detail">
      <Anchor component={Link} to="/infoCenter/noticeCenter" size="sm">
        ← {t("detail.backToNotices")}
      </Anchor>
      <DetailView
        title={notice.title}
        html={notice.content}
        facts={[
          [t("detail.author"), notice.author],
          [t("detail.time"), notice.when],
        ]}
      >
        <AttachmentList items={notice.attachments} title={t("detail.attachments")} />
      </DetailView>
    </Stack>
  );
}
