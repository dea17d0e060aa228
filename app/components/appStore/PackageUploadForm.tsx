import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PACKAGE_MAX_MIB, type PackageProblem } from "~/lib/app-store";

/** What a refused upload answered: the message, and each of the package's problems with where it is. */
export interface UploadFailure {
  error: string;
  problems: PackageProblem[];
}

/**
 * The package upload (a multipart form that works without JavaScript), with a refused upload's problems listed
 * above it, each with where it is (a manifest path such as `inputs[2].min`, or a file in the package).
 */
export function PackageUploadForm({ failure, label }: { failure: UploadFailure | null | undefined; label?: string }) {
  const { t } = useTranslation("appStore");
  const busy = useNavigation().state === "submitting";
  return (
    <>
      {failure ? (
        <Alert color="red" role="alert" data-testid="upload-failure">
          <p style={{ margin: 0 }}>{failure.problems.length ? t("upload.problems", { count: failure.problems.length }) : failure.error}</p>
          {failure.problems.length ? (
            <ul className="as-problems" data-testid="upload-problems">
              {failure.problems.map((p, k) => (
                <li key={k} data-code={p.Code}>
                  {p.Message}
                  {p.Path ? (
                    <>
                      {" "}
                      <code>{p.Path}</code>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="as-actions" data-testid="package-form">
        <label className="as-file">
          <span>{label ?? t("upload.file", { mb: PACKAGE_MAX_MIB })}</span>
          <input type="file" name="file" accept=".zip,.tar.gz,.tgz,application/zip,application/gzip" required data-testid="package-file" />
        </label>
        <Button type="submit" loading={busy} data-testid="package-submit">
          {t("upload.check")}
        </Button>
      </Form>
    </>
  );
}
