/** The TDB reader's library entry: parse a file, evaluate its functions and parameters. */
export { parseTdb } from "./parse.ts";
export { TdbEvaluator, evaluateFunction, rangeIndex } from "./evaluate.ts";
export { parseExpression, compileExpr, references, type TPFunction } from "./expression.ts";
export { expandKeyword, KEYWORDS, type Keyword } from "./commands.ts";
export * from "./types.ts";
