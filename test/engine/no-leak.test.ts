import { expect, test } from "bun:test";
import { fileURLToPath } from "node:url";

const FIXTURE = fileURLToPath(new URL("./fixtures/leak-run.ts", import.meta.url));

// A fresh process so garbage from other test files cannot move the heap between the two measurements.
test(
  "1M messages publish -> deliver -> ack leave the heap within 10% of its baseline",
  async () => {
    const proc = Bun.spawn([process.execPath, FIXTURE, "1000000"], { stdout: "pipe", stderr: "inherit" });
    const out = await new Response(proc.stdout).text();
    expect(await proc.exited).toBe(0);
    const result = JSON.parse(out.trim()) as {
      baselineBytes: number;
      afterBytes: number;
      stats: { acked: number; backlog: number; outstanding: number };
    };
    expect(result.stats.acked).toBe(1_100_000);
    expect(result.stats.backlog).toBe(0);
    expect(result.stats.outstanding).toBe(0);
    expect(result.afterBytes).toBeLessThanOrEqual(result.baselineBytes * 1.1);
  },
  { timeout: 30_000 },
);
