import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DetailView } from "~/components/infoCenter/DetailView";
import infoCenterStyles from "~/components/infoCenter/infoCenter.css";
import { useBadgeRefresh } from "~/components/infoCenter/useBadgeRefresh";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { isId, messageLinkTarget } from "~/lib/notices";
import { forPage, openMessage } from "~/lib/notices.server";

/**
 * /infoCenter/UserInfoDetail?id=: one of the user's directed messages, marked read. Its link becomes a
 * button only when it stays on this site; another user's message or an unknown id is the 404 page.
 */
export const handle = { i18n: ["infoCenter"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: infoCenterStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const id = new URL(args.request.url).searchParams.get("id");
  if (!isId(id)) throw new Response((await getT(args.request))("errors.notFound"), { status: 404 });
  const { link, ...message } = await forPage(args, () => openMessage(args, token, id));
  return data({ title: message.title, message, target: messageLinkTarget(link) });
}

export default function UserInfoDetail() {
  const { message, target } = useLoaderData<typeof loader>();
  const { t } = useTranslation("infoCenter");
  useBadgeRefresh(message.wasUnread, message.id);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="message-detail">
      <Anchor component={Link} to="/infoCenter/noticeCenter?tab=messages" size="sm">
        ← {t("detail.backToMessages")}
      </Anchor>
      <DetailView title={message.title} html={message.content} facts={[[t("detail.received"), message.when]]}>
        {target ? (
          <Group>
            <Button component={Link} to={target} data-testid="message-link">
              {t("detail.openLink")}
            </Button>
          </Group>
        ) : null}
      </DetailView>
    </Stack>
  );
}
