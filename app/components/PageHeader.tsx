import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";

/** The heading every page inside the layout opens with: its title and one line on what it is for. */
export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      {intro ? (
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      ) : null}
    </div>
  );
}
