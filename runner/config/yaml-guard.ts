import {
  type Document,
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type LineCounter,
  type Node,
  visit,
} from "yaml";
import { MAX_YAML_ALIASES } from "./input-limits.ts";
import { formatPath, type MatrixIssue } from "./matrix-error.ts";

const EXOTIC_NUMBER_FORMATS = new Set(["HEX", "OCT", "BIN"]);

/**
 * What the YAML library would otherwise throw on (or silently accept) while building values: undefined aliases,
 * too many aliases, merges of non-maps, hex/octal numbers, infinities, custom tags. Each issue has its line.
 */
export function yamlIssues(doc: Document, lines: LineCounter): MatrixIssue[] {
  const issues: MatrixIssue[] = [];
  const at = (
    node: { range?: unknown } | null | undefined,
    message: string,
    ancestors: readonly unknown[] = [],
  ) => {
    const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
    const position = range ? lines.linePos(range[0]) : null;
    const path = formatPath(pathOf([...ancestors, node]));
    issues.push({ path, line: position?.line ?? null, column: position?.col ?? null, message });
  };
  for (const warning of doc.warnings) {
    const position = warning.linePos?.[0];
    const reason = warning.message.split(/ at line \d+/)[0];
    issues.push({
      path: "",
      line: position?.line ?? null,
      column: position?.col ?? null,
      message: `YAML: ${reason}`,
    });
  }
  let aliases = 0;
  visit(doc, {
    Alias(_, alias, ancestors) {
      aliases++;
      if (aliases === MAX_YAML_ALIASES + 1)
        at(
          alias,
          `more than ${MAX_YAML_ALIASES} YAML aliases (*name); write the values out or use fewer aliases`,
          ancestors,
        );
      if (!alias.resolve(doc))
        at(
          alias,
          `YAML alias *${alias.source} refers to no anchor &${alias.source} defined before it`,
          ancestors,
        );
    },
    Pair(_, pair, ancestors) {
      if (!isScalar(pair.key) || pair.key.source !== "<<") return;
      const sources =
        isAlias(pair.value) || isMap(pair.value)
          ? [pair.value]
          : ((pair.value as { items?: unknown[] } | null)?.items ?? [pair.value]);
      for (const source of sources as Node[]) {
        const target = isAlias(source) ? source.resolve(doc) : source;
        if (!isMap(target))
          at(source ?? pair.key, "a YAML merge (<<) must take a mapping or an alias of one", [
            ...ancestors,
            pair,
          ]);
      }
    },
    Scalar(_, scalar, ancestors) {
      if (typeof scalar.value === "number" && EXOTIC_NUMBER_FORMATS.has(scalar.format ?? ""))
        at(scalar, `${short(scalar.source)} is a hex/octal/binary number; write it in decimal`, ancestors);
      else if (typeof scalar.value === "number" && !Number.isFinite(scalar.value))
        at(scalar, `${short(scalar.source)} is not a finite number`, ancestors);
      else if (typeof scalar.value === "object" && scalar.value !== null)
        at(scalar, `the YAML tag ${scalar.tag ?? ""} is not supported; write a plain value`, ancestors);
    },
  });
  return issues;
}

function short(text: string | undefined): string {
  const value = text ?? "";
  return value.length > 24 ? `${value.slice(0, 24)}… (${value.length} characters)` : value;
}

/** The field path of a node from its ancestors: mapping keys and list indexes. */
function pathOf(chain: readonly unknown[]): PropertyKey[] {
  const segments: PropertyKey[] = [];
  for (let index = 1; index < chain.length; index++) {
    const parent = chain[index - 1];
    const child = chain[index];
    if (isPair(child)) segments.push(isScalar(child.key) ? keyText(child.key.value) : "?");
    else if (isSeq(parent)) segments.push(parent.items.indexOf(child as never));
  }
  return segments;
}

const keyText = (value: unknown) => (typeof value === "symbol" ? "<<" : String(value));
