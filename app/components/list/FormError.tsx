import { Alert } from "~/components/mantine/Alert";
import { Anchor } from "~/components/mantine/Anchor";
import { Link } from "@remix-run/react";
import type { FormFailure } from "~/lib/page-form";

/**
 * An edit form's refusal that is not about one field, above the fields; when it was the concurrency check
 * (someone saved in between) a link reopens the row as it now is (`reloadText` says the edits will be lost).
 */
export function FormError({ failure, reloadHref, reloadText }: { failure: FormFailure | null; reloadHref: string; reloadText: string }) {
  if (!failure?.formError) return null;
  return (
    <Alert color="red" role="alert" data-testid="form-error">
      {failure.formError}
      {failure.stale ? (
        <>
          {" "}
          <Anchor component={Link} to={reloadHref} reloadDocument>
            {reloadText}
          </Anchor>
        </>
      ) : null}
    </Alert>
  );
}
