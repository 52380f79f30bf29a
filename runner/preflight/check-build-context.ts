import { lstat } from "node:fs/promises";
import { join, posix, relative } from "node:path";
import ignore from "@balena/dockerignore";
import type { MatrixIssue } from "../config/matrix-error.ts";
import { formatMemoryApprox } from "../config/memory-size.ts";
import {
  bundledEntries,
  contextFiles,
  type DockerignoreRule,
  DockerignoreRules,
} from "../image/build-context.ts";
import { type CopySource, copySources, dockerfileInstructions } from "../image/dockerfile.ts";

export interface BuildContextCheck {
  issues: MatrixIssue[];
  /** What the build context holds, for --dry-run: files, bytes, rules. */
  summary: string;
}

type BuildSource = { context: string; dockerfile: string };

/**
 * What Docker would be sent for a build, and whether the build can read what its Dockerfile needs: the Dockerfile
 * inside the context, and every COPY/ADD source present and not excluded by .dockerignore (the deciding rule named).
 */
export async function checkBuildContext(image: BuildSource, at = ""): Promise<BuildContextCheck> {
  const issue = (message: string): MatrixIssue => ({ path: `${at}build`, line: null, column: null, message });
  const dockerfile = posix.normalize(image.dockerfile);
  if (dockerfile.startsWith("../") || posix.isAbsolute(dockerfile))
    return {
      issues: [
        issue(
          `the Dockerfile ${image.dockerfile} is outside the build context ${image.context}; move it inside and set build.dockerfile relative to build.context`,
        ),
      ],
      summary: "",
    };
  const entries = bundledEntries(image);
  const rules = entries ? new DockerignoreRules([]) : await DockerignoreRules.read(image.context);
  const sent = await contextFiles(image.context, entries, dockerfile);
  // The daemon reads the Dockerfile and .dockerignore but drops them from what COPY sees when a rule excludes them.
  const copyable = sent.filter((file) => !rules.excludes(file));
  const text = await Bun.file(join(image.context, dockerfile)).text();
  const issues: MatrixIssue[] = [];
  let onDisk: string[] | null = null;
  for (const copy of copySources(dockerfileInstructions(text))) {
    const problem = await sourceProblem(image.context, copy, rules, copyable, async () => {
      onDisk ??= await contextFiles(image.context, ["."]);
      return onDisk;
    });
    if (problem)
      issues.push(issue(`${copy.keyword} ${copy.source} (${dockerfile} line ${copy.line}) ${problem}`));
  }
  let bytes = 0;
  for (const file of sent) bytes += (await lstat(join(image.context, file))).size;
  const ruleCount = rules.rules.length;
  const size = bytes < 1024 ? `${bytes} B` : `${formatMemoryApprox(bytes)}B`;
  const rulesNote = entries
    ? `the bundled image's folders: ${entries.join(", ")}`
    : `${ruleCount ? `.dockerignore: ${ruleCount} rule${ruleCount === 1 ? "" : "s"}` : "no .dockerignore"}; the Dockerfile and .dockerignore are always sent`;
  const summary = `Build context ${image.context}: ${sent.length} files, ${size} sent (${rulesNote}).`;
  return { issues, summary };
}

async function sourceProblem(
  context: string,
  copy: CopySource,
  rules: DockerignoreRules,
  copyable: string[],
  allFiles: () => Promise<string[]>,
): Promise<string | null> {
  const path = posix.normalize(copy.source.replace(/^\/+/, "")).replace(/\/+$/, "") || ".";
  if (path === ".") return null;
  if (path.startsWith("../")) return "reads outside the build context, which Docker never sends";
  const covers = (file: string) => ignore({ ignorecase: false }).add(path).ignores(file);
  if (/[*?[]/.test(path)) {
    if (copyable.some(covers)) return null;
    const excluded = (await allFiles()).find(covers);
    return excluded ? excludedBy(ruleFor(rules, excluded), excluded) : null;
  }
  const info = await lstat(join(context, path)).catch(() => null);
  if (!info) return `does not exist in the build context ${context}; the build would fail at this line`;
  if (!info.isDirectory()) return copyable.includes(path) ? null : excludedBy(ruleFor(rules, path), path);
  if (copyable.some((file) => file.startsWith(`${path}/`))) return null;
  const inside = (await allFiles()).find((file) => file.startsWith(`${path}/`));
  return inside ? excludedBy(ruleFor(rules, path) ?? ruleFor(rules, inside), path) : null;
}

/** The rule excluding a path, or the one excluding the folder Docker skips it with. */
function ruleFor(rules: DockerignoreRules, path: string): DockerignoreRule | null {
  for (let at = path; at !== "." && at !== ""; at = posix.dirname(at)) {
    const rule = rules.excludingRule(at);
    if (rule) return rule;
  }
  return null;
}

function excludedBy(rule: DockerignoreRule | null, path: string): string {
  const named = rule ? `.dockerignore line ${rule.line} (${rule.text})` : ".dockerignore";
  return `is excluded from the build context by ${named}, so the build would fail at this line; remove that rule or add !${relative(".", path)} after it`;
}
