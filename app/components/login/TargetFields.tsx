/** The after-login target travels with every login form, so no mode loses where the user wanted to go. */
export function TargetFields({ target, mode }: { target: { redirect: string | null; src: string | null }; mode: string }) {
  return (
    <>
      <input type="hidden" name="mode" value={mode} />
      {target.redirect ? <input type="hidden" name="redirect" value={target.redirect} /> : null}
      {target.src ? <input type="hidden" name="src" value={target.src} /> : null}
    </>
  );
}
