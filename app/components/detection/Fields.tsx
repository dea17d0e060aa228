/** The detection pages' small parts: a labelled fact of a card, and a field's refusal under it. */

/** A fact of a sample's or an order's card: label above value; nothing when there is no value. */
export function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  if (!value) return null;
  return (
    <div className="dt-field">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** What the API said of a field, in the user's language, under the field. */
export function FieldError({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <span className="dt-error dt-small" role="alert">
      {text}
    </span>
  );
}
