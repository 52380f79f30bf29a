import { afterAll, describe, expect, test } from "bun:test";
import { GeneratorStepSummary, SessionStepEnd } from "../../contract/generator-step.ts";
import { repoRoot, runBun, stepConfig } from "./run-generator.ts";

let served = 0;
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: () => {
    served++;
    return new Response("ok");
  },
});
afterAll(() => server.stop(true));
const port = server.port as number;
const echoSource = await Bun.file(`${repoRoot}/test/generator/fixtures/echo-paced.ts`).text();

const frames = (...objects: object[]) => objects.map((o) => `${JSON.stringify(o)}\n`).join("");
const step = (config: object) => ({ bcFrame: "step", config });
const lines = (stdout: string) =>
  stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("generator/main.ts --session", () => {
  test("a module frame, then three steps (mix, module on two workers, closed): each its summary and an end line", async () => {
    const before = served;
    const input = frames(
      step(stepConfig(port)),
      { bcFrame: "workload", source: echoSource },
      step(stepConfig(port, { workload: "-", flags: { "delay-ms": 1 }, concurrency: 7, workers: 2 })),
      step(stepConfig(port, { kind: "closed", ratePerSec: null, plannedRequests: null, durationMs: 300 })),
    );
    const { exitCode, stdout, stderr } = await runBun("generator/main.ts", ["--session"], { stdin: input });
    expect(stderr).toBe("");
    expect(exitCode).toBe(0);
    const out = lines(stdout);
    expect(out).toHaveLength(6);
    const [mix, mixEnd, module, moduleEnd, closed, closedEnd] = out;
    expect(GeneratorStepSummary.parse(mix).completed).toBe(500);
    expect(GeneratorStepSummary.parse(module).self.workers).toBe(2);
    expect(GeneratorStepSummary.parse(closed).kind).toBe("closed");
    for (const end of [mixEnd, moduleEnd, closedEnd]) {
      const parsed = SessionStepEnd.parse(end);
      expect(parsed.exitCode).toBe(0);
      expect(parsed.cpuSeconds).toBeGreaterThan(0);
    }
    // Each step's end line counts at least its own pacing CPU (the summary's), workers included.
    expect(SessionStepEnd.parse(moduleEnd).cpuSeconds).toBeGreaterThanOrEqual(
      GeneratorStepSummary.parse(module).self.cpuSeconds,
    );
    // The mix's 500 and the closed step's requests reached this server; the module's echo never does.
    expect(served - before).toBeGreaterThan(500);
  });

  test("a bad step ends the session with exit 2, its one stderr line and an end line; later frames are not run", async () => {
    const input = frames(step({ kind: "open" }), step(stepConfig(port)));
    const { exitCode, stdout, stderr } = await runBun("generator/main.ts", ["--session"], { stdin: input });
    expect(exitCode).toBe(2);
    expect(stderr).toStartWith("bun-capacity generator: session step frame:");
    expect(stderr.trim().split("\n")).toHaveLength(1);
    const out = lines(stdout);
    expect(out).toHaveLength(1);
    expect(SessionStepEnd.parse(out[0]).exitCode).toBe(2);
  });

  test('a step with workload "-" before any module frame is bad input', async () => {
    const input = frames(step(stepConfig(port, { workload: "-" })));
    const { exitCode, stderr } = await runBun("generator/main.ts", ["--session"], { stdin: input });
    expect(exitCode).toBe(2);
    expect(stderr).toContain('workload "-"');
  });

  test("stdin closed at once: exit 0, nothing printed", async () => {
    const { exitCode, stdout } = await runBun("generator/main.ts", ["--session"], { stdin: "" });
    expect(exitCode).toBe(0);
    expect(stdout).toBe("");
  });
});
