/**
 * The internalField of an ASCII OpenFOAM field file (volVectorField or volScalarField): `uniform v` or
 * `nonuniform List<T> n ( … )`. Binary or compressed fields are not read (null): the picture is then left out.
 */

export type Vec = [number, number, number];

function internalFieldText(text: string): string | null {
  const i = text.indexOf("internalField");
  return i < 0 ? null : text.slice(i + "internalField".length);
}

// Components exclude parentheses, or the last vector's component would swallow the list's closing ")".
const VEC = /\(\s*([^\s()]+)\s+([^\s()]+)\s+([^\s()]+)\s*\)/y;

/** Cell vectors of a field file; `cells` expands a uniform value (needed since a uniform field lists no count). */
export function readVectorField(text: string, cells?: number): Vec[] | null {
  const rest = internalFieldText(text);
  if (rest === null) return null;
  const uniform = /^\s*uniform\s*\(\s*([^\s()]+)\s+([^\s()]+)\s+([^\s()]+)\s*\)/.exec(rest);
  if (uniform) {
    const v = [Number(uniform[1]), Number(uniform[2]), Number(uniform[3])] as Vec;
    return cells && v.every(Number.isFinite) ? Array.from({ length: cells }, () => [...v] as Vec) : null;
  }
  const head = /^\s*nonuniform\s+List<vector>\s*(\d+)\s*\(/.exec(rest);
  if (!head) return null;
  const n = Number(head[1]);
  const out: Vec[] = [];
  let pos = head[0].length;
  for (let k = 0; k < n; k++) {
    while (/\s/.test(rest[pos] ?? "")) pos++;
    VEC.lastIndex = pos;
    const m = VEC.exec(rest);
    if (!m) return null;
    const v: Vec = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!v.every(Number.isFinite)) return null;
    out.push(v);
    pos = VEC.lastIndex;
  }
  return out;
}

export const magnitude = (v: Vec) => Math.hypot(v[0], v[1], v[2]);
