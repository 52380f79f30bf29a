import { resolve } from "node:path";
import { type GeneratorStepConfig, SECRET_HEADERS_ENV } from "../../contract/generator-step.ts";
import type { MemberOutcome } from "../drivers/execution-driver.ts";
import { IMAGE_APP_DIR } from "../load/bun-generator/bun-load-generator.ts";
import { PACKAGE_ROOT } from "../package/tool-home.ts";

const GENERATOR_MAIN = resolve(PACKAGE_ROOT, "generator/main.ts");

/**
 * Sends one step: the real one runs the generator on this host; tests pass a counter that sends nothing.
 * `secretHeaders` (auth) reach the generator through its environment only, never its argv or a file.
 */
export type SendStep = (
  config: GeneratorStepConfig,
  stdin: string | null,
  deadlineMs: number,
  signal?: AbortSignal,
  secretHeaders?: Readonly<Record<string, string>>,
) => Promise<MemberOutcome>;

/** A bundled module's path in the generator image, as the same file in this checkout. */
export function hostWorkloadPath(workload: string | null): string | null {
  if (workload === null || workload === "-") return workload;
  return workload.startsWith(`${IMAGE_APP_DIR}/`)
    ? resolve(PACKAGE_ROOT, workload.slice(IMAGE_APP_DIR.length + 1))
    : workload;
}

/**
 * Runs generator/main.ts as a process on this host (the revision is not in a pod of ours); killed at the deadline or
 * on the signal, so every step stays bounded in time as well as in count.
 */
export const sendStepOnHost: SendStep = async (config, stdin, deadlineMs, signal, secretHeaders = {}) => {
  const child = Bun.spawn(["bun", GENERATOR_MAIN], {
    cwd: PACKAGE_ROOT,
    env: {
      ...process.env,
      BC_STEP: JSON.stringify({ ...config, workload: hostWorkloadPath(config.workload) }),
      [SECRET_HEADERS_ENV]: JSON.stringify(secretHeaders),
    },
    stdin: stdin === null ? "ignore" : new TextEncoder().encode(stdin),
    stdout: "pipe",
    stderr: "pipe",
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, deadlineMs);
  const onAbort = () => child.kill("SIGKILL");
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    const usage = child.resourceUsage();
    const cpuSeconds = usage ? Number(usage.cpuTime.user + usage.cpuTime.system) / 1e6 : 0;
    return { exitCode: timedOut ? null : exitCode, timedOut, stdout, stderr, cpuSeconds };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
};
