import { describe, expect, test } from "bun:test";
import type { MemberSession, PodHandle } from "../../../../runner/drivers/execution-driver.ts";
import {
  GENERATOR_SESSION_ENV,
  GeneratorSession,
} from "../../../../runner/execute/server/generator-session.ts";
import { runServerRepetition } from "../../../../runner/execute/server/run-server-repetition.ts";
import type { StepRequest } from "../../../../runner/load/load-generator.ts";
import type { ServiceCell } from "../../../../runner/plan/service-cell.ts";
import { fakeGenerator } from "./fake-generator.ts";
import { FakeServerDriver } from "./fake-server-driver.ts";
import { serviceCell } from "./service-cell.ts";
import type { ServiceModel } from "./service-model.ts";

const context = { runId: "r1", commit: "abc", ownerPid: 1, ownerHost: "h" };
const script = { script: "export default {}", scriptPath: "w.ts" };

async function run(model: ServiceModel, sessions: boolean, cell = serviceCell()) {
  const driver = new FakeServerDriver(model, { sessions });
  const repetition = await runServerRepetition({ driver, generator: fakeGenerator, cell, index: 0, context });
  return { driver, repetition };
}

/** What a repetition decided, without its timings. */
const figures = ({ repetition }: Awaited<ReturnType<typeof run>>) => ({
  status: repetition.status,
  message: repetition.message,
  // A real step's output ends with a newline either way; the fake's per-step output has none.
  rawStdout: repetition.rawStdout?.trimEnd(),
  steps: repetition.result?.steps,
  ceiling: repetition.result?.ceiling,
});

describe("a repetition's steps in one generator session", () => {
  const models: Array<[string, ServiceModel]> = [
    ["a plain service", { capacityPerSec: 1000, cpuSecondsPerRequest: 0.001 }],
    [
      "one that slows after its first overload",
      { capacityPerSec: 800, cpuSecondsPerRequest: 0.001, slowAfterFirstOverload: 0.7 },
    ],
    [
      "a lagging generator",
      { capacityPerSec: 1000, cpuSecondsPerRequest: 0.0004, generatorLagMs: 30, lagAbovePerSec: 800 },
    ],
    ["garbage output", { capacityPerSec: 1000, cpuSecondsPerRequest: 0.001, garbageAfterSteps: 4 }],
    ["a crash", { capacityPerSec: 1000, cpuSecondsPerRequest: 0.001, dieAfterSteps: 2 }],
  ];
  for (const [name, model] of models) {
    test(`${name}: the same steps, ceiling and verdict as a container per step; one session, closed`, async () => {
      const perStep = await run(model, false);
      const session = await run(model, true);
      expect(figures(session)).toEqual(figures(perStep));
      expect(session.driver.requests).toEqual(perStep.driver.requests);
      expect(session.driver.sessionsStarted).toBe(1);
      expect(session.driver.sessionsClosed).toBe(1);
      expect(perStep.driver.sessionsStarted).toBe(0);
    });
  }

  test("every step (warm-up, probe, search) goes through the session; a user's module is sent once, first", async () => {
    const { driver, repetition } = await run(
      { capacityPerSec: 500, cpuSecondsPerRequest: 0.001 },
      true,
      serviceCell({ service: { ...(serviceCell().service as ServiceCell), ...script } }),
    );
    expect(repetition.status).toBe("ok");
    const input = driver.sessionInputs[0] ?? "";
    const lines = input.trim().split("\n");
    expect(lines[0]).toBe(`MODULE ${JSON.stringify(script.script)}`);
    expect(lines.filter((l) => l.startsWith("MODULE "))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("STEP "))).toHaveLength(driver.steps);
  });

  test(`${GENERATOR_SESSION_ENV}=off: a container per step`, async () => {
    const driver = new FakeServerDriver(
      { capacityPerSec: 500, cpuSecondsPerRequest: 0.001 },
      { sessions: true },
    );
    const pod = await driver.startPod(driver.specs[0] ?? ({} as never));
    expect(GeneratorSession.open(pod, fakeGenerator, { [GENERATOR_SESSION_ENV]: "off" })).toBeNull();
    expect(GeneratorSession.open(pod, fakeGenerator, {})).not.toBeNull();
    expect(GeneratorSession.open({ ...pod, startSession: undefined }, fakeGenerator, {})).toBeNull();
    expect(GeneratorSession.open(pod, { ...fakeGenerator, session: undefined }, {})).toBeNull();
  });
});

describe("GeneratorSession", () => {
  const request = (source: string | null): StepRequest => ({
    kind: "closed",
    ratePerSec: null,
    concurrency: 1,
    durationMs: 1000,
    sloP99Ms: 100,
    port: 8080,
    requests: [],
    workload: source === null ? null : { imagePath: null, source },
    phase: "probe",
  });

  /** A pod whose sessions answer with `replies` in turn (a step's output and its end line, or how it ended). */
  function scriptedPod(
    replies: Array<{ ended: "marker" | "timeout" | "exited"; stdout?: string; exitCode?: number }>,
  ) {
    const started: Array<{ inputs: string[]; closed: boolean }> = [];
    const pod = {
      startSession: async (): Promise<MemberSession> => {
        const record = { inputs: [] as string[], closed: false };
        started.push(record);
        return {
          async exchange(input) {
            record.inputs.push(input);
            const reply = replies.shift() ?? { ended: "timeout" };
            return {
              ended: reply.ended,
              stdout: reply.stdout ?? "",
              stderr: "",
              exitCode: reply.exitCode ?? null,
            };
          },
          async close() {
            record.closed = true;
            return { stdout: "", stderr: "bun-capacity generator: bad flag\n" };
          },
        };
      },
    } as unknown as PodHandle;
    return { pod, started };
  }
  const end = (exitCode: number, cpuSeconds: number) =>
    `{}\nEND ${JSON.stringify({ exitCode, cpuSeconds })}\n`;

  test("a clean step keeps the session; its CPU is the end line's; a timeout closes it and the next step starts fresh, module again", async () => {
    const { pod, started } = scriptedPod([
      { ended: "marker", stdout: end(0, 0.3) },
      { ended: "timeout" },
      { ended: "marker", stdout: end(0, 0.2) },
    ]);
    const session = GeneratorSession.open(pod, fakeGenerator, {});
    if (!session) throw new Error("a session");
    expect(await session.runStep(request("m"), 1000)).toMatchObject({
      exitCode: 0,
      timedOut: false,
      cpuSeconds: 0.3,
    });
    expect(await session.runStep(request("m"), 1000)).toMatchObject({ timedOut: true, exitCode: null });
    expect(started[0]?.closed).toBe(true);
    expect(started[0]?.inputs.map((i) => i.startsWith("MODULE "))).toEqual([true, false]);
    expect(await session.runStep(request("m"), 1000)).toMatchObject({ cpuSeconds: 0.2 });
    expect(started).toHaveLength(2);
    expect(started[1]?.inputs[0]).toStartWith("MODULE ");
    await session.close();
    expect(started[1]?.closed).toBe(true);
  });

  test("a failed step (non-zero exit on its end line) or an exit closes the session", async () => {
    const { pod, started } = scriptedPod([
      { ended: "marker", stdout: end(2, 0.01) },
      { ended: "exited", exitCode: 1, stdout: "x" },
    ]);
    const session = GeneratorSession.open(pod, fakeGenerator, {});
    if (!session) throw new Error("a session");
    // Its stderr line, come after the end line, is the step's.
    expect(await session.runStep(request(null), 1000)).toMatchObject({
      exitCode: 2,
      timedOut: false,
      stderr: "bun-capacity generator: bad flag\n",
    });
    expect(started[0]?.closed).toBe(true);
    expect(await session.runStep(request(null), 1000)).toMatchObject({
      exitCode: 1,
      stdout: "x",
      cpuSeconds: 0,
    });
    expect(started[1]?.closed).toBe(true);
  });
});
