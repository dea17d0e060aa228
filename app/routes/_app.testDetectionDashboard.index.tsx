import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ORDER_STATES } from "../../common/detection.ts";
import computeStyles from "~/components/compute/compute.css";
import detectionStyles from "~/components/detection/detection.css";
import { SpriteIcon } from "~/components/layout/Icon";
import { PageHeader } from "~/components/PageHeader";
import { isPathAllowed, normalisePath } from "~/lib/access";
import { requireAccess } from "~/lib/auth.server";
import { DASHBOARD_PATH, detectionTiles, ORDER_LIST, ORDERS_PATH, ordersHref, type DetectionTile } from "~/lib/detection";
import { orderQueue } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { listQuery } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { isImplemented } from "~/lib/pages";

/**
 * /testDetectionDashboard/index, the test-data tab page (spec section 2): the testDetection pages the user has,
 * as picture tiles with a name and an enter label (disabled without ReadAndWrite), and for those who see the
 * lab's orders, its queue: how many orders wait in each state and how many are overdue, each a link to that
 * list.
 */
export const handle = { i18n: ["detection"] };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: computeStyles },
  { rel: "stylesheet", href: detectionStyles },
];
export const meta = pageMeta;

/** Each tile's picture, from the layout's sprite. */
const ICONS: Record<string, string> = { sampleId: "tag", steelNky: "flask", testReport: "document", myTestDataTable: "chart", mobileSampleId: "tag", mobileTestReport: "document", myUploadDataMobile: "upload" };

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, DASHBOARD_PATH);
  const t = await getT(args.request, "detection");
  const tiles = detectionTiles(user.resList);
  // The phone pages' tiles, shown below 992 px in their desktop twins' place.
  const phoneTiles = detectionTiles(user.resList, "/testDetectionMobile");
  const seesOrders = isImplemented(ORDERS_PATH) && isPathAllowed(normalisePath(ORDERS_PATH), user.resList);
  const queue = seesOrders ? await forPage(args, () => orderQueue(args, token)) : null;
  return data({ title: t("dashboard.title"), tiles, phoneTiles, queue });
}

export default function DetectionDashboard() {
  const { tiles, phoneTiles, queue } = useLoaderData<typeof loader>();
  const { t } = useTranslation("detection");
  const all = listQuery(new URLSearchParams(), ORDER_LIST);
  const open = ORDER_STATES.filter((s) => s !== "reported" && s !== "cancelled");
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="detection-dashboard">
      <PageHeader title={t("dashboard.title")} intro={t("dashboard.intro")} />
      {queue ? (
        <section className="dt-panel" aria-labelledby="dt-queue" data-testid="detection-queue">
          <h2 id="dt-queue" className="dt-section">
            {t("dashboard.queue")}
          </h2>
          <ul className="dt-queue">
            {open.map((s) => (
              <li key={s}>
                <Link to={ordersHref(all, { state: s })} className="dt-queue-item" data-testid={`queue-${s}`}>
                  <span className="dt-queue-count">{queue.States[s] ?? 0}</span>
                  <span className="dt-state" data-state={s}>
                    {t(`state.${s}`)}
                  </span>
                </Link>
              </li>
            ))}
            <li>
              <Link to={ordersHref(all, { due: "overdue" })} className="dt-queue-item" data-overdue={queue.Overdue > 0 || undefined} data-testid="queue-overdue">
                <span className="dt-queue-count">{queue.Overdue}</span>
                <span className="dt-overdue">{t("orders.overdue")}</span>
              </Link>
            </li>
          </ul>
        </section>
      ) : null}
      {tiles.length || phoneTiles.length ? (
        <div className="cmp-grid">
          {/* Below 992 px a phone page's tile takes its desktop twin's place (sampleId → mobileSampleId). */}
          <Tiles tiles={tiles} testIdPrefix="tile" only={(tile) => (phoneTiles.some((p) => p.code === twinOf(tile.code)) ? "dt-desktop-only" : "")} />
          <Tiles tiles={phoneTiles} testIdPrefix="phone-tile" only={() => "dt-phone-only"} />
        </div>
      ) : (
        <p className="ls-empty">{t("dashboard.empty")}</p>
      )}
    </Stack>
  );
}

/** The phone page standing for a desktop one: sampleId → mobileSampleId (the data sources' are named apart). */
const TWINS: Record<string, string> = { testDataSourse: "mobileDataSource" };
const twinOf = (code: string) => TWINS[code] ?? `mobile${code[0].toUpperCase()}${code.slice(1)}`;

/** Tiles: a link each, or (without ReadAndWrite) the same tile marked read-only and not a link; `only` adds a class limiting where it shows. */
function Tiles({ tiles, testIdPrefix, only }: { tiles: DetectionTile[]; testIdPrefix: string; only: (tile: DetectionTile) => string }) {
  const { t } = useTranslation("detection");
  const { t: tc } = useTranslation();
  return (
    <>
      {tiles.map((tile) => {
        const body = (
          <>
            <div className="cmp-head">
              <span className="cmp-icon">
                <SpriteIcon symbol={ICONS[tile.code] ?? "category-more"} size={28} strokeWidth="1.6" />
              </span>
              <span className="cmp-name">{tc(`menu.${tile.code}`, { defaultValue: tile.name })}</span>
              {tile.enabled ? <span className="cmp-state cmp-go">{t("dashboard.enter")}</span> : <span className="cmp-state cmp-soon">{t("dashboard.readOnly")}</span>}
            </div>
            <p className="cmp-desc">{t(`dashboard.tile.${tile.code}`, { defaultValue: "" })}</p>
          </>
        );
        return tile.enabled ? (
          <Link key={tile.code} to={tile.url} className={`cmp-tile ${only(tile)}`.trim()} data-testid={`${testIdPrefix}-${tile.code}`}>
            {body}
          </Link>
        ) : (
          <div key={tile.code} className={`cmp-tile ${only(tile)}`.trim()} aria-disabled="true" data-testid={`${testIdPrefix}-${tile.code}`}>
            {body}
          </div>
        );
      })}
    </>
  );
}
