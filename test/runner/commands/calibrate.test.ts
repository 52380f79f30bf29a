import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SendStep } from "../../../runner/calibrate/host-generator.ts";
import { runShell } from "../../../runner/cli/command-shell.ts";
import { makeCalibrateCommand } from "../../../runner/commands/calibrate.ts";

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

const SIZE = ["--cpu", "1", "--memory", "512Mi", "--concurrency", "80"];

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
