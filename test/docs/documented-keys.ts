import { expandBraces } from "./expand-braces.ts";

/**
 * The keys a Markdown page's reference table names: every code span in the first column of the table under
 * `heading`, braces expanded (`cloudRun.prices.tier{1,2}` is two keys).
 */
export function documentedKeys(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`no heading "${heading}"`);
  const end = lines.findIndex((line, index) => index > start && /^#{1,6} /.test(line));
  const rows = lines.slice(start + 1, end < 0 ? undefined : end).filter((line) => line.startsWith("|"));
  return rows.flatMap((row) => {
    const firstCell = row.split(/(?<!\\)\|/)[1] ?? "";
    return [...firstCell.matchAll(/`([^`]+)`/g)].flatMap((span) => expandBraces(span[1] ?? ""));
  });
}
