import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { DETECTION_LIMITS } from "../../common/forms/limits.ts";
import type { OrderFailure } from "~/components/detection/OrderView";
import detectionStyles from "~/components/detection/detection.css";
import { MobileList } from "~/components/mobile/MobileList";
import mobileStyles from "~/components/mobile/mobile.css";
import { systemListLinks } from "~/components/system/page-links";
import { readOneFileForm } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { MOBILE_SAMPLE_PATH, MOBILE_UPLOADS_PATH, photoUploadHref, sampleCodeFrom, SAMPLE_PAGE_SIZE, type SamplePhoto } from "~/lib/detection";
import { refused } from "~/lib/detection-actions.server";
import { addSamplePhoto, listMyPhotos, removeSamplePhoto } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageFrom } from "~/lib/notices";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast } from "~/lib/page-actions.server";

/**
 * /testDetectionMobile/myUploadDataMobile: the lab's photos of samples, taken with the phone at the bench.
 * The form takes the sample ID (filled in when opened from a sample) and a photo straight from the camera;
 * below, the photos this user added, newest first, loading more at the bottom, each removable by its author.
 * A plain multipart form: it works without JavaScript; the API checks the sample, the image and its size.
 */
export const handle = { i18n: ["detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: mobileStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MOBILE_UPLOADS_PATH);
  const t = await getT(args.request, "detection");
  const search = new URL(args.request.url).searchParams;
  const page = pageFrom(search.get("page"));
  const list = await forPage(args, () => listMyPhotos(args, token, page, SAMPLE_PAGE_SIZE));
  return data({ title: t("photos.title"), code: sampleCodeFrom(search.get("code")) ?? "", list });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, MOBILE_UPLOADS_PATH);
  const t = await getT(request, "detection");
  const form = await readOneFileForm(request, DETECTION_LIMITS.photoBytes);
  if (!form) return data({ failure: { form: "photo", values: {}, errors: { file: t("photos.tooLarge") }, message: t("photos.tooLarge") } satisfies OrderFailure }, { status: 413 });
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  if (values.intent === "remove") {
    try {
      await removeSamplePhoto(args, token, values.Id ?? "");
    } catch (e) {
      return refused(args, e, "remove", values);
    }
    return redirectWithToast(request, MOBILE_UPLOADS_PATH, { kind: "success", text: t("photos.removed") });
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return data({ failure: { form: "photo", values, errors: { file: t("photos.noFile") }, message: t("photos.noFile") } satisfies OrderFailure }, { status: 400 });
  let added: SamplePhoto;
  try {
    added = await addSamplePhoto(args, token, { SampleCode: values.SampleCode ?? "", Caption: values.Caption ?? "" }, file);
  } catch (e) {
    return refused(args, e, "photo", values);
  }
  return redirectWithToast(request, photoUploadHref(added.SampleCode), { kind: "success", text: t("photos.added", { code: added.SampleCode }) });
}

export default function MyUploadsPage() {
  const { code, list } = useLoaderData<typeof loader>();
  const failure = useActionData<{ failure?: OrderFailure }>()?.failure ?? null;
  const failed = failure?.form === "photo" ? failure : null;
  const { t } = useTranslation("detection");
  return (
    <div className="m-page" data-testid="mobile-uploads-page">
      <h1 className="dt-card-id">{t("photos.title")}</h1>
      <Form method="post" encType="multipart/form-data" className="m-card dt-edit" data-testid="photo-form">
        <input type="hidden" name="intent" value="add" />
        {failed?.message && !Object.keys(failed.errors).length ? (
          <p className="dt-error" role="alert">
            {failed.message}
          </p>
        ) : null}
        <label className="dt-stack-label">
          {t("photos.sample")}
          <input
            className="dt-text-input dt-wide dt-code-input"
            name="SampleCode"
            defaultValue={failed?.values.SampleCode ?? code}
            maxLength={60}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={failed?.errors.SampleCode ? true : undefined}
            data-testid="photo-sample"
          />
          {failed?.errors.SampleCode ? <span className="dt-error dt-small">{failed.errors.SampleCode}</span> : null}
        </label>
        <label className="dt-stack-label">
          {t("photos.file")}
          {/* capture: the phone opens its camera; a desktop browser offers its files. */}
          <input type="file" name="file" accept="image/jpeg,image/png,image/webp" capture="environment" required aria-invalid={failed?.errors.file ? true : undefined} data-testid="photo-file" />
          <span className="dt-dim dt-small">{t("photos.fileHint", { mb: DETECTION_LIMITS.photoBytes / 1024 / 1024 })}</span>
          {failed?.errors.file ? (
            <span className="dt-error dt-small" role="alert" data-testid="photo-error">
              {failed.errors.file}
            </span>
          ) : null}
        </label>
        <label className="dt-stack-label">
          {t("photos.caption")}
          <input className="dt-text-input dt-wide" name="Caption" defaultValue={failed?.values.Caption ?? ""} maxLength={DETECTION_LIMITS.caption} placeholder={t("photos.captionPlaceholder")} data-testid="photo-caption" />
          {failed?.errors.Caption ? <span className="dt-error dt-small">{failed.errors.Caption}</span> : null}
        </label>
        <button type="submit" className="dt-scan-button" data-testid="photo-submit">
          {t("photos.upload")}
        </button>
      </Form>
      <h2 className="dt-section">{t("photos.mine")}</h2>
      <MobileList<SamplePhoto>
        key={MOBILE_UPLOADS_PATH}
        testId="mobile-photos"
        first={list}
        hrefFor={(page) => `${MOBILE_UPLOADS_PATH}?page=${page}`}
        empty={t("photos.none")}
        render={(p) => (
          <div className="m-photo" data-testid="photo-card" data-code={p.SampleCode}>
            <a href={p.Url} target="_blank" rel="noreferrer">
              <img src={p.Url} alt={p.Caption || p.Name} loading="lazy" className="dt-photo" />
            </a>
            <div>
              <div className="m-card-title">
                <Link to={`${MOBILE_SAMPLE_PATH}?code=${encodeURIComponent(p.SampleCode)}`} className="ls-mono dt-code-link">
                  {p.SampleCode}
                </Link>
              </div>
              {p.Caption ? <div className="m-card-line">{p.Caption}</div> : null}
              <div className="m-card-line">
                <span className="ls-mono">{p.OrderCode}</span> · {formatDate(p.AddedAt, "{y}-{m}-{d} {h}:{i}")}
              </div>
              <Form method="post" encType="multipart/form-data" className="m-card-actions">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="Id" value={p.Id} />
                <button type="submit" className="dt-link-button" data-testid="photo-remove">
                  {t("photos.remove")}
                </button>
              </Form>
            </div>
          </div>
        )}
      />
    </div>
  );
}
