import { Stack } from "~/components/mantine/Stack";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import detectionStyles from "~/components/detection/detection.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { SimilarSearch } from "~/components/testData/SimilarSearch";
import testDataStyles from "~/components/testData/testData.css";
import { pageMeta } from "~/lib/meta";
import { similarLoader } from "~/lib/similar-page.server";

/** /testDetection/myTestData/mySimilardataTable2: the similar-data search for the nearest compositions (docs/test-data.md). */
export const handle = { i18n: ["testData", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }];
export const meta = pageMeta;
// A function, not `similarLoader(...)` at the top level: the browser bundle would run that call (of a server module).
export const loader = (args: LoaderFunctionArgs) => similarLoader("nearest")(args);

export default function SimilarPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("testData");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="similar-page">
      <PageHeader title={t("similar.title")} intro={t("similar.intro")} />
      <SimilarSearch {...page} />
    </Stack>
  );
}
