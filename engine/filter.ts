import { invalidArgument } from "./errors.ts";
import type { Attributes } from "./message.ts";

export type MessageFilter = (attributes: Attributes) => boolean;

const TOKEN = /\s*(\(|\)|,|!=|=|:|"(?:[^"\\]|\\.)*"|[A-Za-z_][\w.-]*|-)/y;

function tokenize(source: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let index = 0;
  while (index < source.length) {
    if (/^\s*$/.test(source.slice(index))) break;
    TOKEN.lastIndex = index;
    const match = TOKEN.exec(source);
    if (match === null) throw badFilter(source, `unexpected text at position ${index}`);
    tokens.push(match[1] as string);
    index = TOKEN.lastIndex;
  }
  return tokens;
}

const badFilter = (source: string, why: string) =>
  invalidArgument(
    `Invalid filter ${JSON.stringify(source)}: ${why}. Supported: attributes.k = "v", attributes.k != "v", attributes:k, hasPrefix(attributes.k, "p"), NOT, AND, OR, parentheses.`,
  );

/** Compiles the supported subset of the Pub/Sub filter language into a predicate over attributes. */
export function compileFilter(source: string): MessageFilter {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = () => tokens[pos];
  const take = (expected?: string): string => {
    const token = tokens[pos++];
    if (token === undefined || (expected !== undefined && token !== expected))
      throw badFilter(source, `expected ${expected ?? "more input"} but found ${token ?? "end of filter"}`);
    return token;
  };
  const attributeName = (token: string, prefix: string): string => {
    if (!token.startsWith(prefix) || token.length === prefix.length)
      throw badFilter(source, `expected ${prefix}<key> but found ${token}`);
    return token.slice(prefix.length);
  };
  const stringLiteral = (): string => {
    const token = take();
    if (!token.startsWith('"')) throw badFilter(source, `expected a "quoted string" but found ${token}`);
    return JSON.parse(token) as string;
  };

  const atom = (): MessageFilter => {
    const token = take();
    if (token === "(") {
      const inner = orExpr();
      take(")");
      return inner;
    }
    if (token === "NOT" || token === "-") {
      const inner = atom();
      return (a) => !inner(a);
    }
    if (token === "hasPrefix") {
      take("(");
      const key = attributeName(take(), "attributes.");
      take(",");
      const prefix = stringLiteral();
      take(")");
      return (a) => a[key]?.startsWith(prefix) === true;
    }
    if (token === "attributes" && peek() === ":") {
      take(":");
      const key = take();
      return (a) => Object.hasOwn(a, key);
    }
    const key = attributeName(token, "attributes.");
    const op = take();
    if (op !== "=" && op !== "!=") throw badFilter(source, `expected = or != but found ${op}`);
    const value = stringLiteral();
    return op === "=" ? (a) => a[key] === value : (a) => a[key] !== value;
  };
  const andExpr = (): MessageFilter => {
    let left = atom();
    while (peek() === "AND") {
      take();
      const l = left;
      const r = atom();
      left = (a) => l(a) && r(a);
    }
    return left;
  };
  function orExpr(): MessageFilter {
    let left = andExpr();
    while (peek() === "OR") {
      take();
      const l = left;
      const r = andExpr();
      left = (a) => l(a) || r(a);
    }
    return left;
  }

  if (tokens.length === 0) throw badFilter(source, "it is empty");
  const filter = orExpr();
  if (pos !== tokens.length) throw badFilter(source, `unexpected ${tokens[pos]}`);
  return filter;
}
