import { Paper } from "~/components/mantine/Paper";
import { Title } from "~/components/mantine/Title";
import type { ReactNode } from "react";
import { SafeHtml } from "~/components/SafeHtml";

/** A notice or message: title, a line of facts, the sanitised content, then what the page adds (attachments, actions). */
export function DetailView({ title, facts, html, children }: { title: string; facts: Array<[string, string]>; html: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} className="ic-detail" component="article">
      <Title order={1} size="h2" className="ic-detail-title" data-testid="detail-title">
        {title}
      </Title>
      <dl className="ic-facts">
        {facts
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
      <SafeHtml html={html} className="ic-content" testId="detail-content" />
      {children}
    </Paper>
  );
}
