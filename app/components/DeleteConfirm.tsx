import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { Text } from "~/components/mantine/Text";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, type MouseEvent, type ReactNode } from "react";
import { Dialog } from "~/components/layout/Dialog";
import { isPlainLeftClick } from "~/lib/clicks";

/** What the confirmation says, in the page's own words (its namespace). */
export interface DeleteTexts {
  title: string;
  question: string;
  cancel: string;
  confirm: string;
}

interface FormProps {
  id: string;
  /** Where the action sends the user back to (the list as it was). */
  back: string;
  texts: DeleteTexts;
  /** With JavaScript: closes the dialog in place; without, the cancel is a link back. */
  onCancel?: () => void;
  /** More hidden fields the action needs (e.g. the row's version for the concurrency check, its name for the message). */
  extra?: Record<string, string>;
}

/** The form that deletes (`intent=delete`, `id`, `back`): the same in the dialog and in the confirm step. */
function DeleteForm({ id, back, texts, onCancel, extra }: FormProps) {
  const nav = useNavigation();
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Text mb="md" style={{ overflowWrap: "anywhere" }}>
        {texts.question}
      </Text>
      <Group justify="flex-end" gap="sm">
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            {texts.cancel}
          </Button>
        ) : (
          <Button component={Link} to={back} variant="default" replace>
            {texts.cancel}
          </Button>
        )}
        <Button type="submit" color="red" loading={nav.state === "submitting" && nav.formData?.get("intent") === "delete"} data-testid="delete-confirm">
          {texts.confirm}
        </Button>
      </Group>
    </Form>
  );
}

/**
 * With JavaScript: the layout's dialog over the list (section 2: it closes only through its buttons, not on
 * the backdrop or Escape), without a round trip.
 */
export function DeleteDialog({ id, back, texts, onClose, extra }: { id: string; back: string; texts: DeleteTexts; onClose: () => void; extra?: Record<string, string> }) {
  return (
    <Dialog title={texts.title} testId="delete-modal">
      <DeleteForm id={id} back={back} texts={texts} onCancel={onClose} extra={extra} />
    </Dialog>
  );
}

/** Without JavaScript: the delete link leads to the list with `?confirm=<id>`, which shows this step above it. */
export function DeleteStep({ id, back, texts, className, extra }: { id: string; back: string; texts: DeleteTexts; className?: string; extra?: Record<string, string> }) {
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p="md" className={className} role="alertdialog" aria-labelledby={titleId} data-testid="delete-step">
      <Text fw={600} id={titleId} mb="xs">
        {texts.title}
      </Text>
      <DeleteForm id={id} back={back} texts={texts} extra={extra} />
    </Paper>
  );
}

/**
 * The row's delete button: a link to the confirm step (`href`, `?confirm=<id>`), which with JavaScript
 * opens the dialog in place instead; modified clicks (new tab) keep the link.
 */
export function DeleteLink({ href, onOpen, children }: { href: string; onOpen: () => void; children: ReactNode }) {
  return (
    <Link
      to={href}
      preventScrollReset
      className="row-act"
      data-variant="subtle"
      data-color="red"
      data-testid="delete"
      onClick={(e: MouseEvent) => {
        if (!isPlainLeftClick(e)) return;
        e.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Link>
  );
}
