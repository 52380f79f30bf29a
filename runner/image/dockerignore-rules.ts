import { join, posix } from "node:path";
import ignore, { type Ignore } from "@balena/dockerignore";

/** One pattern line of a .dockerignore, with its 1-based line number. */
export interface DockerignoreRule {
  /** The line as written (trimmed), e.g. `!README*.md`. */
  text: string;
  /** The pattern as Docker cleans it: no `!`, no leading or trailing `/`, `.` and `..` resolved. */
  pattern: string;
  line: number;
  /** A `!` line: it re-includes what earlier lines excluded. */
  exception: boolean;
  matcher: Ignore;
}

/**
 * A .dockerignore read as Docker reads it (Go filepath.Match plus `**`, `!` exceptions in order, a leading `/`
 * dropped, `#` comment lines), matched by @balena/dockerignore one rule at a time so the deciding line can be named.
 */
export class DockerignoreRules {
  constructor(readonly rules: DockerignoreRule[]) {}

  static parse(text: string): DockerignoreRules {
    const rules: DockerignoreRule[] = [];
    text.split(/\r?\n/).forEach((raw, index) => {
      // Docker drops a line starting with `#` before trimming, so only a `#` in the first column is a comment.
      if (raw.startsWith("#") || raw.trim() === "") return;
      const trimmed = raw.trim();
      const exception = trimmed.startsWith("!");
      const pattern = exception ? trimmed.slice(1).trim() : trimmed;
      if (pattern === "") return;
      // Linux's Docker matches case-sensitively; the library's default is not to.
      const matcher = ignore({ ignorecase: false }).add(pattern);
      const cleaned = posix.normalize(pattern).replace(/^\/+|\/+$/g, "");
      rules.push({ text: trimmed, pattern: cleaned, line: index + 1, exception, matcher });
    });
    return new DockerignoreRules(rules);
  }

  static async read(root: string): Promise<DockerignoreRules> {
    const file = Bun.file(join(root, ".dockerignore"));
    return DockerignoreRules.parse((await file.exists()) ? await file.text() : "");
  }

  /** The last rule matching the path (or a parent folder of it): it decides, as in Docker. */
  decidingRule(path: string): DockerignoreRule | null {
    return this.rules.findLast((rule) => rule.matcher.ignores(path)) ?? null;
  }

  /** The rule that keeps this path out of the build context, or null when the path is sent. */
  excludingRule(path: string): DockerignoreRule | null {
    const rule = this.decidingRule(path);
    return rule && !rule.exception ? rule : null;
  }

  excludes(path: string): boolean {
    return this.excludingRule(path) !== null;
  }

  /** Docker walks into an excluded folder only when an exception's pattern starts with that folder's path. */
  mayReinclude(folder: string): boolean {
    return this.rules.some((rule) => rule.exception && `${rule.pattern}/`.startsWith(`${folder}/`));
  }
}
