import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const SCRIPTS = join(import.meta.dir, "../../../scenarios/service");

const REPO = join(import.meta.dir, "../../..");

/** The k6 binary: K6_BIN, else the one `scripts/setup.sh --generator` installed, else `k6` on PATH; null when none. */
export function k6Binary(): string | null {
  const fromEnv = process.env.K6_BIN;
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  const version = readFileSync(join(REPO, ".k6-version"), "utf8").trim();
  const installed = join(REPO, ".cache/k6", version, "k6");
  if (existsSync(installed)) return installed;
  return Bun.which("k6");
}

export const K6_MISSING =
  "k6 not found: set K6_BIN to a k6 1.1.0 binary (or put k6 on PATH) to run the scenarios/service script tests";

type Metric = Record<string, number>;

/** Runs a scenarios/service script against 127.0.0.1:port; returns its summary metrics. */
export async function runK6(
  script: string,
  port: number,
  env: Record<string, string | number>,
): Promise<Record<string, Metric>> {
  const summary = join(Bun.env.TMPDIR ?? "/tmp", `k6-summary-${process.pid}-${Math.random()}.json`);
  const flags = Object.entries({ ...env, PORT: port }).flatMap(([k, v]) => ["-e", `${k}=${v}`]);
  const proc = Bun.spawn(
    [
      k6Binary() as string,
      "run",
      "--quiet",
      "--no-usage-report",
      "--summary-export",
      summary,
      ...flags,
      join(SCRIPTS, script),
    ],
    { stdout: "pipe", stderr: "pipe", env: { ...process.env, K6_NO_USAGE_REPORT: "true" } },
  );
  const code = await proc.exited;
  if (code !== 0) throw new Error(`k6 ${script} exited ${code}: ${await new Response(proc.stderr).text()}`);
  const metrics = (await Bun.file(summary).json()).metrics as Record<string, Metric>;
  await Bun.file(summary).delete();
  return metrics;
}
