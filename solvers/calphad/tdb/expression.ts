/**
 * TDB arithmetic: numbers (`.0017`, `1234.26E25`), T, P, R, + − * / and `**` (the exponent may carry its own
 * sign, as in `T**-1`), LN/LOG (both the natural logarithm, as Thermo-Calc and pycalphad read them), EXP, and
 * references to functions with or without a trailing `#`. A recursive-descent parser gives a small tree that
 * `compileExpr` turns into a closure, so evaluation costs no parsing.
 */
import { R } from "../model.ts";
import { TdbError, type Expr } from "./types.ts";

type Token =
  | { t: "num"; value: number; pos: number }
  | { t: "name"; value: string; pos: number }
  | { t: "op"; value: string; pos: number };

const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[ED][+-]?\d+)?/i;
const NAME = /^[A-Z_][A-Z0-9_]*/i;

function tokenize(text: string, lineAt: (pos: number) => number, base: number): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r") { i++; continue; }
    const rest = text.slice(i);
    const num = NUMBER.exec(rest);
    if (num) {
      const value = Number(num[0].replace(/d/i, "E"));
      if (!Number.isFinite(value)) throw new TdbError(lineAt(base + i), "bad-number", `"${num[0]}" is not a finite number`);
      out.push({ t: "num", value, pos: i });
      i += num[0].length;
      continue;
    }
    const name = NAME.exec(rest);
    if (name) {
      out.push({ t: "name", value: name[0].toUpperCase(), pos: i });
      i += name[0].length;
      // `#` marks a function reference; it changes nothing about how the name is read.
      if (text[i] === "#") i++;
      continue;
    }
    if (rest.startsWith("**")) { out.push({ t: "op", value: "**", pos: i }); i += 2; continue; }
    if ("+-*/()".includes(c)) { out.push({ t: "op", value: c, pos: i }); i++; continue; }
    throw new TdbError(lineAt(base + i), "bad-expression", `unexpected character "${c}" in the expression "${text.trim()}"`);
  }
  return out;
}

/** Parses one TDB expression; `base` is the offset of `text` in the command, for line numbers in errors. */
export function parseExpression(text: string, lineAt: (pos: number) => number = () => 0, base = 0): Expr {
  const tokens = tokenize(text, lineAt, base);
  let k = 0;
  const fail = (what: string): never => {
    const pos = k < tokens.length ? tokens[k].pos : text.length;
    throw new TdbError(lineAt(base + pos), "bad-expression", `${what} in the expression "${text.trim()}"`);
  };
  const isOp = (v: string) => k < tokens.length && tokens[k].t === "op" && tokens[k].value === v;

  function sum(): Expr {
    let left = product();
    while (isOp("+") || isOp("-")) {
      const op = tokens[k++].value as "+" | "-";
      left = { kind: "bin", op, left, right: product() };
    }
    return left;
  }
  function product(): Expr {
    let left = unary();
    while (isOp("*") || isOp("/")) {
      const op = tokens[k++].value as "*" | "/";
      left = { kind: "bin", op, left, right: unary() };
    }
    return left;
  }
  function unary(): Expr {
    if (isOp("+")) { k++; return unary(); }
    if (isOp("-")) { k++; return { kind: "neg", arg: unary() }; }
    return power();
  }
  function power(): Expr {
    const base = primary();
    // Right-associative, and the exponent may be signed: T**-1 is T**(-1).
    if (isOp("**")) { k++; return { kind: "bin", op: "**", left: base, right: unary() }; }
    return base;
  }
  function primary(): Expr {
    if (k >= tokens.length) return fail("the expression ends too early");
    const tok = tokens[k];
    if (tok.t === "num") { k++; return { kind: "num", value: tok.value }; }
    if (tok.t === "op" && tok.value === "(") {
      k++;
      const inner = sum();
      if (!isOp(")")) fail("a ')' is missing");
      k++;
      return inner;
    }
    if (tok.t === "name") {
      k++;
      if (isOp("(")) {
        const fn = tok.value === "LOG" ? "LN" : tok.value;
        if (fn !== "LN" && fn !== "EXP") return fail(`unknown function ${tok.value}()`);
        k++;
        const arg = sum();
        if (!isOp(")")) fail("a ')' is missing");
        k++;
        return { kind: "call", fn, arg };
      }
      if (tok.value === "T" || tok.value === "P") return { kind: "var", name: tok.value };
      if (tok.value === "R") return { kind: "num", value: R };
      return { kind: "ref", name: tok.value };
    }
    return fail(`unexpected "${tok.value}"`);
  }

  const expr = sum();
  if (k < tokens.length) fail(`unexpected "${tokens[k].value}"`);
  return expr;
}

/** The names of the functions an expression refers to. */
export function references(expr: Expr, into: Set<string> = new Set()): Set<string> {
  switch (expr.kind) {
    case "ref": into.add(expr.name); break;
    case "neg": case "call": references(expr.arg, into); break;
    case "bin": references(expr.left, into); references(expr.right, into); break;
    default: break;
  }
  return into;
}

export type TPFunction = (T: number, P: number) => number;

/** Turns a tree into a closure; `resolve` gives the closure of a referenced function (0 when undefined). */
export function compileExpr(expr: Expr, resolve: (name: string) => TPFunction): TPFunction {
  switch (expr.kind) {
    case "num": { const v = expr.value; return () => v; }
    case "var": return expr.name === "T" ? (T) => T : (_T, P) => P;
    case "ref": {
      const name = expr.name;
      // Resolved at first call, so functions may be defined after the expressions that use them.
      let f: TPFunction | undefined;
      return (T, P) => (f ??= resolve(name))(T, P);
    }
    case "neg": { const a = compileExpr(expr.arg, resolve); return (T, P) => -a(T, P); }
    case "call": {
      const a = compileExpr(expr.arg, resolve);
      return expr.fn === "LN" ? (T, P) => Math.log(a(T, P)) : (T, P) => Math.exp(a(T, P));
    }
    case "bin": {
      const l = compileExpr(expr.left, resolve);
      const r = compileExpr(expr.right, resolve);
      switch (expr.op) {
        case "+": return (T, P) => l(T, P) + r(T, P);
        case "-": return (T, P) => l(T, P) - r(T, P);
        case "*": return (T, P) => l(T, P) * r(T, P);
        case "/": return (T, P) => l(T, P) / r(T, P);
        case "**": {
          // Integer powers of T are the common case: a constant exponent is folded once.
          if (expr.right.kind === "num" || (expr.right.kind === "neg" && expr.right.arg.kind === "num")) {
            const n = expr.right.kind === "num" ? expr.right.value : -(expr.right.arg as { value: number }).value;
            return (T, P) => l(T, P) ** n;
          }
          return (T, P) => l(T, P) ** r(T, P);
        }
      }
    }
  }
}
