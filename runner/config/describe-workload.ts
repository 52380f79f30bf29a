import path from "node:path";
import { z } from "zod";
import { WorkloadDescription } from "../../contract/generator-step.ts";
import { REPO_ROOT } from "./config-defaults.ts";

/** Loading a module and printing its declarations takes well under a second; this bounds a module that hangs. */
const DESCRIBE_TIMEOUT_MS = 15_000;
const GENERATOR_DIR = path.join(REPO_ROOT, "generator");
/** generator/ sits at /app/generator in the generator image (generator/Dockerfile). */
const IMAGE_GENERATOR_DIR = "/app/generator";
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
  const inGenerator = path.relative(GENERATOR_DIR, modulePath);
  const bundled = !inGenerator.startsWith("..") && !path.isAbsolute(inGenerator);
  const imagePath = bundled ? path.posix.join(IMAGE_GENERATOR_DIR, ...inGenerator.split(path.sep)) : null;
  return { workload: { ...parsed.data, imagePath }, problem: null };
}
