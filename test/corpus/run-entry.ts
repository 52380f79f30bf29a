import { spyOn } from "bun:test";
import { main } from "../../runner/matrix.ts";

export type Outcome = { code: number; stdout: string; stderr: string; ms: number; rssMb: number };

/** Runs the real entry point's main() in this process, capturing everything it prints. */
export async function runInProcess(argv: string[]): Promise<Outcome> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const log = spyOn(console, "log").mockImplementation((...a: unknown[]) => void stdout.push(a.join(" ")));
  const error = spyOn(console, "error").mockImplementation(
    (...a: unknown[]) => void stderr.push(a.join(" ")),
  );
  const started = performance.now();
  try {
    const code = await main(argv, {
      out: (t) => stdout.push(t),
      err: (t) => stderr.push(t),
      exit: (c) => {
        throw new Error(`exit(${c}) called`);
      },
    });
    const ms = performance.now() - started;
    return {
      code,
      stdout: stdout.join("\n"),
      stderr: stderr.join("\n"),
      ms,
      rssMb: process.memoryUsage().rss / 2 ** 20,
    };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

/** Runs `bun runner/matrix.ts ...` as a subprocess: exit code, output, wall time and peak memory. */
export async function runSubprocess(argv: string[], env: Record<string, string>): Promise<Outcome> {
  const started = performance.now();
  const proc = Bun.spawn(["bun", `${import.meta.dir}/../../runner/matrix.ts`, ...argv], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, ...env },
  });
  const [code, stdout, stderr] = await Promise.all([
    proc.exited,
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
  ]);
  const ms = performance.now() - started;
  const maxRss = proc.resourceUsage()?.maxRSS ?? 0;
  return { code, stdout, stderr, ms, rssMb: maxRss / 2 ** 20 };
}

/** What a malformed input must never produce. */
export function leaks(outcome: Outcome): string[] {
  const text = `${outcome.stdout}\n${outcome.stderr}`;
  const found: string[] = [];
  if (/\n\s+at .+[:(]/.test(text)) found.push("stack trace");
  if (text.includes("unexpected error")) found.push("unexpected error");
  if (outcome.code === 0) found.push("accepted");
  return found;
}
