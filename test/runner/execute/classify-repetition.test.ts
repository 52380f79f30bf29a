import { describe, expect, test } from "bun:test";
import {
  classifyRepetition,
  type RepetitionObservation,
} from "../../../runner/execute/classify-repetition.ts";
import { validResult } from "../../contract/result-fixture.ts";

const MiB = 2 ** 20;
const base: RepetitionObservation = {
  exitCode: 0,
  timedOut: false,
  timeoutSeconds: 3,
  oomKilled: false,
  oomEvent: false,
  stdout: `${JSON.stringify(validResult())}\n`,
  stderr: "",
  stats: null,
  memoryLimitBytes: 64 * MiB,
  cpus: 1,
};
const samples = (memoryBytes: number, cpuPercent: number) =>
  [0, 1000, 2000, 3000].map((elapsedMs) => ({ elapsedMs, memoryBytes, cpuPercent }));
const stats = (memoryBytes: number, cpuPercent: number) => ({
  peakMemoryBytes: memoryBytes,
  cpuSeconds: 3,
  throttledPeriods: 0,
  throttledSeconds: 0,
  samples: samples(memoryBytes, cpuPercent),
});

describe("classifyRepetition", () => {
  test("exit 0 with one contract line is ok and keeps the result", () => {
    const verdict = classifyRepetition(base);
    expect(verdict.status).toBe("ok");
    expect(verdict.result?.scenario).toBe("calibration");
  });

  test("OOMKilled is oom, and the message lists the evidence", () => {
    const verdict = classifyRepetition({ ...base, exitCode: 137, oomKilled: true, oomEvent: true });
    expect(verdict.status).toBe("oom");
    expect(verdict.message).toContain("OOMKilled, exit 137, oom event");
  });

  test("an engine oom event with a non-zero exit is oom even without the inspect flag", () => {
    expect(classifyRepetition({ ...base, exitCode: 137, oomEvent: true }).status).toBe("oom");
  });

  test("a non-zero exit is a crash naming the code and the last stderr line", () => {
    const verdict = classifyRepetition({ ...base, exitCode: 3, stderr: "boot\nError: boom\n" });
    expect(verdict.status).toBe("crash");
    expect(verdict.message).toBe("exited with code 3: Error: boom");
  });

  test("exit 137 without any OOM evidence is a crash, not an oom", () => {
    expect(classifyRepetition({ ...base, exitCode: 137 }).status).toBe("crash");
  });

  test("a timeout with memory below the limit is a timeout", () => {
    const verdict = classifyRepetition({
      ...base,
      timedOut: true,
      exitCode: 137,
      stats: stats(10 * MiB, 100),
    });
    expect(verdict.status).toBe("timeout");
  });

  test("a timeout at the memory limit with a saturated CPU is gc-thrash", () => {
    const verdict = classifyRepetition({ ...base, timedOut: true, stats: stats(63.5 * MiB, 97) });
    expect(verdict.status).toBe("gc-thrash");
  });

  test("gc-thrash is judged against min(cpus, 1) core: one thrashing thread at 2 vCPU qualifies", () => {
    const twoCpus = { ...base, cpus: 2, timedOut: true };
    expect(classifyRepetition({ ...twoCpus, stats: stats(63.5 * MiB, 98) }).status).toBe("gc-thrash");
    expect(classifyRepetition({ ...twoCpus, stats: stats(63.5 * MiB, 50) }).status).toBe("timeout");
  });

  test("at the memory limit but with an idle CPU it is a plain timeout", () => {
    expect(classifyRepetition({ ...base, timedOut: true, stats: stats(63.5 * MiB, 20) }).status).toBe(
      "timeout",
    );
  });

  test("garbage on stdout is bad-output and keeps the raw output", () => {
    const verdict = classifyRepetition({ ...base, stdout: "garbage\n" });
    expect(verdict.status).toBe("bad-output");
    expect(verdict.rawStdout).toBe("garbage\n");
    expect(verdict.message).toContain("not-json");
  });

  test("two lines on stdout are bad-output", () => {
    const line = JSON.stringify(validResult());
    expect(classifyRepetition({ ...base, stdout: `${line}\n${line}\n` }).message).toContain("multiple-lines");
  });
});
