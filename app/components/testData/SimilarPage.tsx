import { Stack } from "~/components/mantine/Stack";
import type { LinksFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import detectionStyles from "~/components/detection/detection.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import testDataStyles from "~/components/testData/testData.css";
import { pageMeta } from "~/lib/meta";
import { SimilarSearch, type SimilarPageData } from "./SimilarSearch";

/**
 * The page of the four similar-data routes (mySimilardataTable, 2, 3, 4; docs/test-data.md): each route is its
 * mode's loader (`similarLoader` in ~/lib/similar-page.server) and re-exports the rest from here.
 */
export const handle = { i18n: ["testData", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }];
export const meta = pageMeta;

export function SimilarPage() {
  const page = useLoaderData<SimilarPageData>();
  const { t } = useTranslation("testData");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="similar-page">
      <PageHeader title={t("similar.title")} intro={t("similar.intro")} />
      <SimilarSearch {...page} />
    </Stack>
  );
}
