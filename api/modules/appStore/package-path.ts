/**
 * A path inside the package as the manifest names it: relative, `/`-separated, no `..`, `.` or empty
 * segments, no backslash or NUL. Returns the normalised path or null. A module of its own so the sandbox (and
 * the job CLI that runs it, bundled into plain node) need not load the manifest's schema and YAML parser.
 */
export function packagePath(p: string): string | null {
  if (!p || p.includes("\0") || p.includes("\\") || p.startsWith("/") || /^[A-Za-z]:/.test(p)) return null;
  const segs = p.split("/").filter((s) => s !== "" && s !== ".");
  if (segs.length === 0 || segs.some((s) => s === "..")) return null;
  return segs.join("/");
}
