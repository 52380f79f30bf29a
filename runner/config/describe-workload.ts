import path from "node:path";
import { z } from "zod";
import { WorkloadDescription } from "../../contract/generator-step.ts";
import { REPO_ROOT } from "./config-defaults.ts";

/** Loading a module and printing its declarations takes well under a second; this bounds a module that hangs. */
const DESCRIBE_TIMEOUT_MS = 15_000;
const GENERATOR_DIR = path.join(REPO_ROOT, "generator");
/** The folders the generator image holds at /app/<folder> (generator/Dockerfile): a module in one runs from there. */
const IMAGE_FOLDERS = ["generator", "service/workloads"];
const IMAGE_APP_DIR = "/app";
const cache = new Map<string, DescribedWorkload>();

export type DescribedWorkload =
  | { workload: WorkloadDescription & { imagePath: string | null }; problem: null }
  | { workload: null; problem: string };

/**
 * What a workload module declares (flags, rate unit, latency, shape), read by running `bun generator/describe.ts`
 * on it: a separate program, so the runner never imports the generator's or a user's code.
 */
export function describeWorkload(modulePath: string): DescribedWorkload {
  const cached = cache.get(modulePath);
  if (cached) return cached;
  const described = runDescribe(modulePath);
  cache.set(modulePath, described);
  return described;
}

function runDescribe(modulePath: string): DescribedWorkload {
  const fail = (problem: string) => ({ workload: null, problem });
  if (!/\.(ts|mts)$/.test(modulePath))
    return fail(
      `${modulePath} is not a TypeScript workload module: a JavaScript load script is no longer run. Next step: write a .ts module whose default export follows generator/api/workload.ts (flags, and open/close or run; see examples/workloads/post-order.ts)`,
    );
  const proc = Bun.spawnSync(["bun", path.join(GENERATOR_DIR, "describe.ts"), modulePath], {
    stdout: "pipe",
    stderr: "pipe",
    timeout: DESCRIBE_TIMEOUT_MS,
  });
  const stderr = proc.stderr.toString().trim().split("\n").slice(-3).join(" ");
  if (proc.exitCode !== 0)
    return fail(`${modulePath} cannot be loaded as a workload module: ${stderr || `exit ${proc.exitCode}`}`);
  let json: unknown;
  try {
    json = JSON.parse(proc.stdout.toString().trim().split("\n").at(-1) ?? "");
  } catch {
    return fail(`${modulePath}: generator/describe.ts printed no description`);
  }
  const parsed = WorkloadDescription.safeParse(json);
  if (!parsed.success) return fail(`${modulePath}: ${z.prettifyError(parsed.error)}`);
  const inRepo = path.relative(REPO_ROOT, modulePath).split(path.sep).join("/");
  const bundled = IMAGE_FOLDERS.some((folder) => inRepo.startsWith(`${folder}/`));
  const imagePath = bundled ? path.posix.join(IMAGE_APP_DIR, inRepo) : null;
  return { workload: { ...parsed.data, imagePath }, problem: null };
}
