import { describe, expect, test } from "bun:test";
import { z } from "zod";
import { defineCommand } from "../../../runner/cli/command.ts";
import { commandUsage, runShell } from "../../../runner/cli/command-shell.ts";
import { describeFailure } from "../../../runner/cli/exit-codes.ts";
import { booleanFlag, choiceText, FlagError, valueFlag } from "../../../runner/cli/flags.ts";
import { MatrixError } from "../../../runner/config/matrix-error.ts";
import { DockerUnavailableError } from "../../../runner/docker/docker-error.ts";
import { RunInterruptedError } from "../../../runner/host/host-lock.ts";
import { ReportInputError } from "../../../runner/report/size-run-dir.ts";
import { RunStoreError } from "../../../runner/results/run-store.ts";

const io = () => {
  const out: string[] = [];
  const err: string[] = [];
  const exits: number[] = [];
  return {
    out,
    err,
    exits,
    shell: {
      out: (t: string) => out.push(t),
      err: (t: string) => err.push(t),
      env: {},
      exit: (c: number) => void exits.push(c),
    },
  };
};

describe("one flag layer", () => {
  test("a new flag is one schema entry: parsed, typed and in --help", async () => {
    const seen: unknown[] = [];
    const command = defineCommand({
      name: "demo",
      usage: "Usage: demo",
      flags: z.strictObject({
        driver: valueFlag(choiceText({ local: "local", swarm: "swarm" }), {
          help: "where cells run",
          value: "local|swarm",
          example: "--driver local",
        }),
        quiet: booleanFlag("say less"),
      }),
      positionals: { min: 0, max: 0, names: "nothing" },
      run: async ({ flags }) => {
        seen.push(flags.driver, flags.quiet);
        return 0;
      },
    });
    const a = io();
    expect(await runShell([command], ["--driver=swarm", "--quiet"], a.shell)).toBe(0);
    expect(seen).toEqual(["swarm", true]);
    expect(commandUsage(command)).toContain("--driver local|swarm  where cells run");
    const b = io();
    expect(await runShell([command], ["--driver", "k8s"], b.shell)).toBe(2);
    expect(b.err.join()).toContain('--driver "k8s": expected local, swarm');
  });
});

describe("one table from typed errors to exit codes", () => {
  test.each([
    [new FlagError("--x", "bad"), 2],
    [new MatrixError("m.yaml", []), 2],
    [new RunStoreError("run.json is damaged"), 2],
    [new ReportInputError("no run", "run one"), 2],
    [new DockerUnavailableError("ping"), 1],
    [new RunInterruptedError("SIGTERM"), 143],
    [new RunInterruptedError("SIGINT"), 130],
  ])("%p exits %p", (error, code) => {
    const failure = describeFailure(error);
    expect(failure.code).toBe(code);
    expect(failure.message).not.toContain("unexpected error");
  });
  test("anything else is a bug: exit 1, said so", () => {
    expect(describeFailure(new TypeError("x is undefined"))).toMatchObject({ code: 1, expected: false });
  });
});

describe("signals", () => {
  const waiting = (onContext: (c: { startRunPhase: () => void; signal: AbortSignal }) => void) =>
    defineCommand({
      name: "wait",
      usage: "Usage: wait",
      flags: z.strictObject({}),
      positionals: { min: 0, max: 0, names: "nothing" },
      run: (_, context) =>
        new Promise<number>((resolve) => {
          onContext(context);
          context.signal.addEventListener("abort", () => resolve(130));
        }),
    });

  test("before the run phase (loading, planning) a signal exits at once", async () => {
    const a = io();
    const pending = runShell([waiting(() => {})], [], a.shell);
    await Bun.sleep(1);
    process.emit("SIGTERM");
    expect(a.exits).toEqual([143]);
    process.emit("SIGINT");
    expect(a.exits).toEqual([143, 130]);
    void pending;
  });

  test("in the run phase the first signal stops gracefully, a second exits", async () => {
    const a = io();
    const pending = runShell([waiting((c) => c.startRunPhase())], [], a.shell);
    await Bun.sleep(1);
    process.emit("SIGINT");
    expect(await pending).toBe(130);
    expect(a.exits).toEqual([]);
    expect(a.err.join()).toContain("SIGINT: stopping");
  });
});

describe("every typed error of runner/ has an exit code", () => {
  test("each `export class …Error extends Error` is in the table (or is the signal's)", async () => {
    const { EXIT_TABLE } = await import("../../../runner/cli/exit-codes.ts");
    const known = new Set([
      ...EXIT_TABLE.map(([kind]) => kind.name),
      "RunInterruptedError",
      "RunAbortedError",
    ]);
    const declared: string[] = [];
    for await (const file of new Bun.Glob("runner/**/*.ts").scan(`${import.meta.dir}/../../..`)) {
      const source = await Bun.file(`${import.meta.dir}/../../../${file}`).text();
      for (const match of source.matchAll(/export class (\w+) extends Error/g))
        declared.push(match[1] as string);
    }
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((name) => !known.has(name))).toEqual([]);
  });
});
