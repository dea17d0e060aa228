/**
 * Rich text that the server has already run through `sanitizeRichText` (common/sanitize.ts) in the loader
 * that handed it over. This component is the only place pages put HTML into the DOM, so the rule "only
 * sanitised HTML reaches dangerouslySetInnerHTML" can be checked in one spot: never pass it anything that
 * did not come out of the sanitiser on the server.
 */
export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  return <div className={`safe-html${className ? ` ${className}` : ""}`} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
