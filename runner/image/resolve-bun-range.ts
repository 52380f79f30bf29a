import { execa } from "execa";
import { NPM_VIEW_TIMEOUT_MS } from "./image-defaults.ts";

export interface ResolvedBunVersion {
  version: string;
  /** How it was found, for the log. */
  how: string;
}

/**
 * The Bun version an image tag stands for today: an exact version as is; a range (`1`, `1.2`, `latest`) the newest
 * `bun` on the npm registry within it (`npm view`); without the registry, the installed Bun when it is within it.
 */
export async function resolveBunRange(
  range: string,
  options: { installed?: string; env?: Record<string, string | undefined> } = {},
): Promise<ResolvedBunVersion | null> {
  const installed = options.installed ?? Bun.version;
  if (/^\d+\.\d+\.\d+$/.test(range)) return { version: range, how: "the tag's own version" };
  const viewed = await execa("npm", ["view", `bun@${range}`, "version", "--json"], {
    reject: false,
    timeout: NPM_VIEW_TIMEOUT_MS,
    env: options.env ?? process.env,
    extendEnv: false,
  });
  const newest = viewed.exitCode === 0 ? newestOf(viewed.stdout) : null;
  if (newest) return { version: newest, how: `the newest bun ${range} on the npm registry` };
  if (range === "latest" || Bun.semver.satisfies(installed, range))
    return {
      version: installed,
      how: `the installed Bun (the npm registry did not answer for bun@${range})`,
    };
  return null;
}

function newestOf(json: string): string | null {
  try {
    const parsed: unknown = JSON.parse(json);
    const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter(
      (v): v is string => typeof v === "string" && /^\d+\.\d+\.\d+$/.test(v),
    );
    return versions.sort(Bun.semver.order).at(-1) ?? null;
  } catch {
    return null;
  }
}
