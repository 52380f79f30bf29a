import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GeneratorStepConfig } from "../../../contract/generator-step.ts";
import type { HostProbe } from "../../../contract/host-probe.ts";
import { emptyCauses } from "../../../contract/step-causes.ts";
import type { SendStep } from "../../../runner/calibrate/host-generator.ts";
import { runShell } from "../../../runner/cli/command-shell.ts";
import { makeCalibrateCommand } from "../../../runner/commands/calibrate.ts";
import { CloudRunCalibration } from "../../../runner/results/cloud-run-calibration.ts";
import { rateWindow } from "../../../search/step-verdict.ts";

let dir = "";
let matrixPath = "";
/** A real loopback listener: every case asserts it saw no connection, beside the fake sender's call count. */
let listener: import("bun").TCPSocketListener<undefined> | null = null;
let connections = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "calibrate-cmd-"));
  matrixPath = join(dir, "matrix.yaml");
  await Bun.write(
    matrixPath,
    [
      "service: { image: 'example/service:1', port: 8080, readyPath: /health }",
      "defaults: { warmupSeconds: 1, stepSeconds: 1, repetitions: 1, sloP99Ms: 100 }",
      "axes: { cpus: [1], memory: [512Mi], smol: [false], concurrency: [80] }",
      "scenarios: { hello: { request: { method: GET, path: / } } }",
      "cloudRun: { targetPerSec: 1000, billing: request }",
    ].join("\n"),
  );
  listener = Bun.listen({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open: () => {
        connections += 1;
      },
      data: () => {},
    },
  });
});

afterAll(async () => {
  listener?.stop(true);
  await rm(dir, { recursive: true, force: true });
});

async function calibrate(args: string[]) {
  let sent = 0;
  let measured = 0;
  const send: SendStep = async () => {
    sent += 1;
    throw new Error("a step was sent");
  };
  const out: string[] = [];
  const err: string[] = [];
  const command = makeCalibrateCommand({
    send,
    resultsDir: join(dir, "results"),
    measureLocal: async () => {
      measured += 1;
      return { ceilingPerSec: 100, runId: "r" };
    },
  });
  const code = await runShell([command], ["calibrate", ...args, matrixPath], {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    env: {},
    exit: () => {},
  });
  return { code, sent, measured, out: out.join("\n"), err: err.join("\n") };
}

const SIZE = ["--cpu", "1", "--memory", "512Mi", "--concurrency", "80", "--execution-environment", "gen2"];

describe("calibrate sends nothing unless every rule holds and --yes is given", () => {
  test("an http:// URL exits 2 naming the https rule", async () => {
    const result = await calibrate(["--url", "http://example.com", ...SIZE, "--yes", "--measure-local"]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("only https:// URLs are accepted");
    expect([result.sent, result.measured]).toEqual([0, 0]);
  });

  test("--insecure with a host other than loopback exits 2 naming the loopback rule", async () => {
    const result = await calibrate([
      "--url",
      "https://example.com",
      "--insecure",
      ...SIZE,
      "--yes",
      "--measure-local",
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("only for https://127.0.0.1 or https://localhost");
    expect([result.sent, result.measured]).toEqual([0, 0]);
  });

  test("without --yes it prints the planned requests and their cost, exits 2 and sends nothing", async () => {
    const port = listener?.port ?? 0;
    const result = await calibrate([
      "--url",
      `https://127.0.0.1:${port}`,
      "--insecure",
      ...SIZE,
      "--measure-local",
      "--max-requests",
      "1000000",
    ]);
    expect(result.code).toBe(2);
    expect(result.out).toContain("at most 1,000,000 requests");
    // 1M requests at $0.40/M plus 600 s of 1 vCPU and 0.5 GiB at tier-1 request-based prices.
    expect(result.out).toContain(`at most $${(0.4 + 600 * (0.000024 + 0.5 * 0.0000025)).toFixed(4)}`);
    expect(result.err).toContain("nothing was sent. Pass --yes");
    expect([result.sent, result.measured]).toEqual([0, 0]);
  });

  test("a path in the URL, a missing size flag or an unplanned size exits 2 before anything is sent", async () => {
    const withPath = await calibrate([
      "--url",
      "https://example.com/api",
      ...SIZE,
      "--yes",
      "--measure-local",
    ]);
    expect(withPath.code).toBe(2);
    expect(withPath.err).toContain("give the origin only");
    const noCpu = await calibrate([
      "--url",
      "https://example.com",
      "--memory",
      "512Mi",
      "--concurrency",
      "80",
      "--yes",
    ]);
    expect(noCpu.err).toContain("--cpu is required");
    const unplanned = await calibrate([
      "--url",
      "https://example.com",
      "--cpu",
      "1",
      "--memory",
      "512Mi",
      "--concurrency",
      "7",
      "--execution-environment",
      "gen2",
      "--yes",
    ]);
    expect(unplanned.code).toBe(2);
    expect(unplanned.err).toContain("plans no server-mode cell");
    expect([withPath.sent, noCpu.sent, unplanned.sent, noCpu.code]).toEqual([0, 0, 0, 2]);
  });

  test("no case opened a connection to the loopback listener", () => {
    expect(connections).toBe(0);
  });
});

/** A revision that carries `capacityPerSec` (p99 5 ms under it, 500 ms over), 20 ms away; `resetShare` of each step resets. */
function fakeRevision(
  capacityPerSec: number,
  resetShare = 0,
  refuse: (headers: Record<string, string>) => number = () => 0,
) {
  const configs: GeneratorStepConfig[] = [];
  const headersSeen: Record<string, string>[] = [];
  const send: SendStep = async (config, _stdin, _deadline, _signal, headers = {}) => {
    configs.push(config);
    headersSeen.push({ ...headers });
    const refusedWith = refuse(headers);
    const seconds = config.durationMs / 1000;
    const rate =
      config.kind === "open" ? (config.ratePerSec ?? 0) : Math.min(capacityPerSec, config.concurrency * 50);
    const delivered = Math.min(rate, capacityPerSec);
    const window = rateWindow(config.durationMs, config.sloP99Ms);
    const started = Math.round(rate * seconds);
    const resets = Math.round(started * resetShare);
    const p99Ms = rate <= capacityPerSec ? 25 : 500;
    const summary = {
      bcStepSummary: 2,
      kind: config.kind,
      plannedRequests: config.plannedRequests,
      started,
      completed: started - resets,
      completedInWindow:
        config.kind === "open" ? Math.round((delivered * (window.toMs - window.fromMs)) / 1000) : null,
      errors: resets,
      late: 0,
      lastSendMs: config.durationMs,
      lastDoneMs: config.durationMs,
      latency: { count: started, p50Ms: 20, p90Ms: 22, p95Ms: 23, p99Ms, p999Ms: p99Ms, maxMs: p99Ms },
      ...(config.watchHeader ? { headerValues: configs.length > 6 ? ["inst-a", "inst-b"] : ["inst-a"] } : {}),
      causes:
        refusedWith === 0
          ? { ...emptyCauses(), status2xx: started - resets, reset: resets }
          : { ...emptyCauses(), status4xx: started, failedStatuses: { [String(refusedWith)]: started } },
      self: {
        sendLagP50Ms: 0,
        sendLagP99Ms: 0.1,
        sendLagMaxMs: 1,
        turnaroundMeanMs: null,
        serviceMeanMs: 20,
        cpuSeconds: 0.01,
        workers: 1,
      },
    };
    return {
      exitCode: 0,
      timedOut: false,
      stdout: `${JSON.stringify(summary)}\n`,
      stderr: "",
      cpuSeconds: 0.01,
    };
  };
  return { send, configs, headersSeen };
}

const PROBE: HostProbe = {
  probeVersion: 1,
  form: "full",
  takenAt: "2026-11-27T04:00:00.000Z",
  cpuModel: "test",
  core: 0,
  parts: {
    integer: { opsPerSec: 1, relative: 0.9 },
    allocation: { opsPerSec: 1, relative: 0.9 },
    json: { opsPerSec: 1, relative: 0.9 },
    http: { opsPerSec: 1, relative: 0.9 },
  },
  composite: 0.9,
};

async function calibrateWith(
  send: SendStep,
  args: string[],
  runTokenCommand?: (command: string) => Promise<string>,
) {
  const out: string[] = [];
  const resultsDir = join(dir, `results-${Math.random().toString(36).slice(2)}`);
  const command = makeCalibrateCommand({
    send,
    resultsDir,
    ...(runTokenCommand ? { runTokenCommand } : {}),
    probeHost: async () => PROBE,
    measureLocal: async () => ({
      ceilingPerSec: 800,
      runId: "local-run",
      byView: { pinned: 800, shared: 950 },
    }),
  });
  const code = await runShell(
    [command],
    [
      "calibrate",
      "--url",
      "https://svc-abc-ew.a.run.app",
      ...SIZE,
      "--yes",
      "--measure-local",
      "--no-host-lock",
      ...args,
      matrixPath,
    ],
    {
      out: (text) => out.push(text),
      err: (text) => out.push(text),
      env: {},
      exit: () => {},
    },
  );
  const file = Bun.file(join(resultsDir, ".calibration", "cloud-run-hello-1-512Mi-80-gen2.json"));
  return {
    resultsDir,
    code,
    out: out.join("\n"),
    calibration: (await file.exists()) ? CloudRunCalibration.parse(await file.json()) : null,
  };
}

describe("with --yes, calibrate searches the revision from this host and writes the calibration", () => {
  test("the same search finds the revision's ceiling; the file holds both ceilings, ratio, floor, probe and views", async () => {
    const revision = fakeRevision(1000);
    const result = await calibrateWith(revision.send, []);
    expect(result.code).toBe(0);
    const c = result.calibration as CloudRunCalibration;
    expect(c.cloudRunCeilingPerSec).toBeGreaterThan(900);
    expect(c.cloudRunCeilingPerSec).toBeLessThanOrEqual(1000);
    expect(c.ratio).toBeCloseTo(c.cloudRunCeilingPerSec / 800, 9);
    expect(c).toMatchObject({
      urlHost: "svc-abc-ew.a.run.app",
      executionEnvironment: "gen2",
      roundTripFloorMs: 20,
      hostProbe: PROBE,
      stopReason: null,
    });
    expect(c.localByCpuView).toEqual({ pinned: 800, shared: 950, closer: "shared" });
    expect(result.out).toContain("round-trip floor: 20.00 ms");
    // Every step went to the URL's host over verified TLS, the first a concurrency-1 probe.
    expect(
      revision.configs.every(
        (config) => config.host === "svc-abc-ew.a.run.app" && config.tls?.insecure === false,
      ),
    ).toBe(true);
    expect(revision.configs[0]).toMatchObject({ kind: "closed", concurrency: 1, port: 443 });
  });

  test("a step over 1% connection errors ends the search and the reason is recorded", async () => {
    const result = await calibrateWith(fakeRevision(1000, 0.02).send, []);
    expect(result.out).toContain("connection errors");
    expect(result.out).toContain("rather than retry into a storm");
    expect(result.calibration).toBeNull();
    expect(result.code).toBe(1);
  });

  test("--max-requests stops the search before a step that would pass it, and says so", async () => {
    const revision = fakeRevision(1000);
    const result = await calibrateWith(revision.send, ["--max-requests", "3000"]);
    const sent = revision.configs.reduce((sum, config) => sum + (config.plannedRequests ?? 0), 0);
    expect(result.out).toContain("would pass --max-requests 3000");
    expect(sent).toBeLessThanOrEqual(3000);
  });
});

const TOKEN = "eyJhbGciOiJub25lIn0.eyJleHAiOjQxMDI0NDQ4MDB9.c2VjcmV0LXNpZ25hdHVyZQ";

describe("auth: a private revision gets its token and headers, and no value is ever shown", () => {
  test("--token-command's token and each --header go with every step; the output and the file never hold them", async () => {
    const revision = fakeRevision(1000, 0, (headers) =>
      headers.Authorization === `Bearer ${TOKEN}` ? 0 : 401,
    );
    let runs = 0;
    const result = await calibrateWith(
      revision.send,
      [
        "--token-command",
        "print-it",
        "--header",
        "X-Api-Key: key-value-9",
        "--header",
        "X-Two: second-value",
      ],
      async (command) => {
        runs += 1;
        expect(command).toBe("print-it");
        return TOKEN;
      },
    );
    expect(result.code).toBe(0);
    expect(runs).toBe(1); // its exp is in 2100: fetched once
    expect(
      revision.headersSeen.every(
        (h) =>
          h.Authorization === `Bearer ${TOKEN}` &&
          h["X-Api-Key"] === "key-value-9" &&
          h["X-Two"] === "second-value",
      ),
    ).toBe(true);
    expect(result.out).toContain(
      "headers Authorization (bearer token from --token-command), X-Api-Key, X-Two (values <redacted>)",
    );
    const stored = await Array.fromAsync(new Bun.Glob("**/*").scan({ cwd: result.resultsDir, dot: true }));
    for (const text of [
      result.out,
      ...(await Promise.all(stored.map((f) => Bun.file(join(result.resultsDir, f)).text()))),
    ])
      for (const secret of [TOKEN, "key-value-9", "second-value", "print-it"])
        expect(text).not.toContain(secret);
  });

  test("a 403 without a token exits 2 naming authentication and the token command to add; no file is written", async () => {
    const result = await calibrateWith(fakeRevision(1000, 0, () => 403).send, []);
    expect(result.code).toBe(2);
    expect(result.out).toContain("answered 403");
    expect(result.out).toContain("authentication is the likely cause");
    expect(result.out).toContain("--token-command 'gcloud auth print-identity-token'");
    expect(result.calibration).toBeNull();
  });

  test("a wrong token exits 2 naming the refused token, and the token is not in the message", async () => {
    const revision = fakeRevision(1000, 0, () => 401);
    const result = await calibrateWith(
      revision.send,
      ["--token-command", "x"],
      async () => "wrong-token-abc",
    );
    expect(result.code).toBe(2);
    expect(result.out).toContain("the token --token-command printed was refused");
    expect(result.out).not.toContain("wrong-token-abc");
    expect(revision.configs.length).toBe(1); // the floor probe only
  });

  test("a workload module's own call refused with 403 (the bundled modules' admin calls) also exits 2 naming authentication", async () => {
    const send: SendStep = async () => ({
      exitCode: 2,
      timedOut: false,
      stdout: "",
      stderr: "[worker 0] create topic t: PUT /admin/topics/t answered HTTP 403 forbidden\n",
      cpuSeconds: 0,
    });
    const result = await calibrateWith(send, ["--token-command", "x"], async () => "wrong-token-xyz");
    expect(result.code).toBe(2);
    expect(result.out).toContain("answered 403 to 1 of 1 request: authentication is the likely cause");
    expect(result.out).not.toContain("wrong-token-xyz");
  });

  test("a malformed --header exits 2 before anything is sent and does not echo its value", async () => {
    const result = await calibrate([
      "--url",
      "https://example.com",
      ...SIZE,
      "--yes",
      "--measure-local",
      "--header",
      "Authorization Bearer hidden-value-7",
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("--header <redacted>");
    expect(result.err).toContain("--header number 1: expected 'Name: value'");
    expect(result.err).not.toContain("hidden-value-7");
    expect([result.sent, result.measured]).toEqual([0, 0]);
  });
});

describe("repetitions, one instance checked, and the file's key", () => {
  test("three repetitions by default, interleaved with the local cell under --measure-local; their spread is recorded", async () => {
    let measured = 0;
    const revision = fakeRevision(1000);
    const out: string[] = [];
    const resultsDir = join(dir, `results-${Math.random().toString(36).slice(2)}`);
    const command = makeCalibrateCommand({
      send: revision.send,
      resultsDir,
      probeHost: async () => PROBE,
      measureLocal: async () => {
        measured += 1;
        // Each local measurement happens before the next revision search: interleaved.
        expect(revision.configs.filter((c) => c.concurrency === 1 && c.kind === "closed").length).toBe(
          measured - 1,
        );
        return { ceilingPerSec: 800 + 10 * measured, runId: `local-${measured}` };
      },
    });
    const code = await runShell(
      [command],
      [
        "calibrate",
        "--url",
        "https://svc-abc-ew.a.run.app",
        ...SIZE,
        "--yes",
        "--measure-local",
        "--no-host-lock",
        matrixPath,
      ],
      {
        out: (t) => out.push(t),
        err: (t) => out.push(t),
        env: {},
        exit: () => {},
      },
    );
    expect(code).toBe(0);
    expect(measured).toBe(3);
    const c = CloudRunCalibration.parse(
      await Bun.file(join(resultsDir, ".calibration", "cloud-run-hello-1-512Mi-80-gen2.json")).json(),
    );
    expect(c.repetitions.localCeilingsPerSec).toEqual([810, 820, 830]);
    expect(c.repetitions.revisionCeilingsPerSec.length).toBe(3);
    expect(c.repetitions.wide).toBe(c.repetitions.ratioSpreadPct > 15);
    expect(c.instances).toEqual({ header: null, mostIdsInAStep: null, distinctIds: null });
    expect(out.join("\n")).toContain("scale-out was not checked");
  });

  test("--instance-header: a second id mid-search marks the calibration multi-instance, never applied", async () => {
    const revision = fakeRevision(1000);
    const result = await calibrateWith(revision.send, [
      "--instance-header",
      "X-Instance-Id",
      "--repetitions",
      "1",
    ]);
    expect(result.code).toBe(0);
    expect(revision.configs.every((c) => c.watchHeader === "X-Instance-Id")).toBe(true);
    expect(result.calibration?.instances).toEqual({
      header: "X-Instance-Id",
      mostIdsInAStep: 2,
      distinctIds: 2,
    });
    expect(result.calibration?.problems.map((p) => p.kind)).toEqual(["multi-instance"]);
    expect(result.out).toContain("status: never applied: multi-instance");
  });

  test("an environment Cloud Run cannot run that size in (gen2 below 512 MiB) is refused before anything is sent", async () => {
    const result = await calibrate([
      "--url",
      "https://example.com",
      "--cpu",
      "1",
      "--memory",
      "256Mi",
      "--concurrency",
      "80",
      "--execution-environment",
      "gen2",
      "--yes",
      "--measure-local",
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("only as gen1");
    expect([result.sent, result.measured]).toEqual([0, 0]);
  });

  test("without --execution-environment nothing is sent: it is part of the calibration's key", async () => {
    const result = await calibrate([
      "--url",
      "https://example.com",
      "--cpu",
      "1",
      "--memory",
      "512Mi",
      "--concurrency",
      "80",
      "--yes",
      "--measure-local",
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toContain("--execution-environment is required");
    expect([result.sent, result.measured]).toEqual([0, 0]);
  });
});

describe("a scenario that cannot reach a remote revision is refused before anything is sent, naming it", () => {
  test("a gRPC ingest scenario and a fixed-shape one exit 2 naming the scenario; nothing is sent", async () => {
    const path = join(dir, "matrix-remote.yaml");
    await Bun.write(
      path,
      [
        "service: { image: 'example/service:1', port: 8080, readyPath: /health }",
        "defaults: { warmupSeconds: 1, stepSeconds: 1, repetitions: 1, sloP99Ms: 100 }",
        "axes: { cpus: [1], memory: [512Mi], smol: [false], concurrency: [80] }",
        "scenarios:",
        `  ingest-grpc: { script: ${join(import.meta.dir, "../../../service/workloads/ingest.ts")}, flags: { protocol: grpc } }`,
        `  storm: { script: ${join(import.meta.dir, "../../../service/workloads/connection-storm.ts")}, search: false }`,
        "cloudRun: { targetPerSec: 1000, billing: request }",
      ].join("\n"),
    );
    for (const [scenario, said] of [
      ["ingest-grpc", "scenario ingest-grpc publishes over gRPC"],
      ["storm", "scenario storm is a fixed-shape workload"],
    ] as const) {
      let sent = 0;
      const out: string[] = [];
      const code = await runShell(
        [
          makeCalibrateCommand({
            send: async () => {
              sent += 1;
              throw new Error("sent");
            },
            resultsDir: join(dir, "r2"),
          }),
        ],
        [
          "calibrate",
          "--url",
          "https://svc.example",
          ...SIZE,
          "--scenario",
          scenario,
          "--yes",
          "--measure-local",
          path,
        ],
        { out: (t) => out.push(t), err: (t) => out.push(t), env: {}, exit: () => {} },
      );
      expect({ code, sent, said: out.join("\n").includes(said), out: out.join("\n") }).toMatchObject({
        code: 2,
        sent: 0,
        said: true,
      });
    }
  });
});
