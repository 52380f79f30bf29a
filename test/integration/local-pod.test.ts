import { describe, expect, test } from "bun:test";
import { readlink } from "node:fs/promises";
import { PodStartError } from "../../runner/drivers/driver-error.ts";
import type { PodSpec } from "../../runner/drivers/execution-driver.ts";
import { containerSpec } from "../../runner/execute/container-spec.ts";
import { testCell } from "../runner/execute/cell-fixture.ts";
import { driver, integrationImage, labelledContainers } from "./integration-image.ts";

const MiB = 2 ** 20;
const SERVICE_PORT = 18_080;
const SIDECAR_PORT = 18_081;
const TIMEOUT_MS = 60_000;
/** Answers with its own network namespace, so a client can tell it shares it. */
const server = (port: number) =>
  `const ns = require("node:fs").readlinkSync("/proc/self/ns/net"); Bun.serve({ hostname: "127.0.0.1", port: ${port}, fetch: () => new Response(ns) });`;
const getOk = (port: number) =>
  `const r = await fetch("http://127.0.0.1:${port}/").catch(() => null); process.exit(r?.ok ? 0 : 1);`;
const WAIT_READY = `for (;;) { const r = await fetch("http://127.0.0.1:${SERVICE_PORT}/").catch(() => null); if (r?.ok) process.exit(0); await Bun.sleep(50); }`;
/** Reads paths from stdin, GETs each on loopback, prints its own namespace, the answers and its interfaces. */
const CLIENT = `
const paths = (await Bun.stdin.text()).trim().split("\\n");
const answers = await Promise.all(paths.map((p) => fetch("http://127.0.0.1" + p).then((r) => r.text())));
const ifaces = require("node:fs").readFileSync("/proc/net/dev", "utf8").split("\\n").slice(2).map((l) => l.split(":")[0].trim()).filter(Boolean);
console.log(JSON.stringify({ own: require("node:fs").readlinkSync("/proc/self/ns/net"), answers, ifaces }));`;

/** A session member: for each path on stdin, GETs it on loopback and prints the answer, then END; ends with stdin. */
const SESSION = `
const reader = Bun.stdin.stream().getReader();
const decoder = new TextDecoder();
let buffer = "";
for (let read = await reader.read(); !read.done; read = await reader.read()) {
  buffer += decoder.decode(read.value, { stream: true });
  for (let i = buffer.indexOf("\\n"); i >= 0; i = buffer.indexOf("\\n")) {
    const path = buffer.slice(0, i);
    buffer = buffer.slice(i + 1);
    const text = await fetch("http://127.0.0.1" + path).then((r) => r.text());
    process.stderr.write("asked " + path + "\\n");
    process.stdout.write(text + "\\nEND\\n");
  }
}`;

async function podSpec(runId: string, serviceScript: string): Promise<PodSpec> {
  const image = await integrationImage();
  const context = { runId, commit: null, ownerPid: process.pid, ownerHost: "it" };
  const cell = testCell({
    image: image.ref,
    cpus: 0.5,
    memoryBytes: 256 * MiB,
    command: ["-e", serviceScript],
  });
  const member = (cmd: string[]) => ({ image: image.ref, cmd, env: {}, labels: {} });
  return {
    holderImage: image.base?.ref ?? image.ref,
    service: containerSpec(cell, image.ref, context),
    sidecars: [
      { name: "side", ...member(["-e", server(SIDECAR_PORT)]), readyCmd: ["-e", getOk(SIDECAR_PORT)] },
    ],
    readiness: member(["-e", WAIT_READY]),
    readinessTimeoutMs: 20_000,
  };
}

/** The service's network namespace as the host sees it: /proc/<pid>/ns/net of its main process. */
async function hostSideNamespace(runId: string): Promise<string> {
  const ids = await labelledContainers(`bun-capacity.run-id=${runId}`);
  const inspect = JSON.parse(await Bun.$`docker inspect ${ids}`.text()) as Array<{
    State: { Pid: number };
    HostConfig: { NanoCpus: number };
  }>;
  const service = inspect.find((c) => c.HostConfig.NanoCpus > 0);
  return readlink(`/proc/${service?.State.Pid}/ns/net`);
}

describe("LocalDriver pods (server mode) on the real engine", () => {
  test(
    "sidecar and limited service share one loopback-only namespace with the member; all removed after finish",
    async () => {
      const runId = `it-pod-${process.pid}`;
      const pod = await driver.startPod(await podSpec(runId, server(SERVICE_PORT)), {
        timeoutMs: TIMEOUT_MS,
      });
      expect(pod.startupMs).toBeGreaterThan(0);
      expect(await pod.serviceRunning()).toBe(true);
      const member = (cmd: string[]) => ({ image: image.ref, cmd, env: {}, labels: {} });
      const image = await integrationImage();
      const outcome = await pod.runMember(
        {
          image: image.ref,
          cmd: ["-e", CLIENT],
          env: {},
          labels: {},
          stdin: `:${SERVICE_PORT}/\n:${SIDECAR_PORT}/\n`,
        },
        TIMEOUT_MS,
      );
      expect(outcome.exitCode).toBe(0);
      const seen = JSON.parse(outcome.stdout) as { own: string; answers: string[]; ifaces: string[] };
      expect(seen.own).toMatch(/^net:\[\d+\]$/);
      expect(seen.answers).toEqual([seen.own, seen.own]); // service and sidecar answer from the member's namespace
      expect(seen.ifaces).toEqual(["lo"]); // no route out
      expect(await hostSideNamespace(runId)).toBe(seen.own);
      expect(outcome.cpuSeconds).toBeGreaterThanOrEqual(0);
      // A session member: stdio attached, one exchange after another in one container, removed on close.
      const session = await pod.startSession?.({ ...member(["-e", SESSION]) });
      if (!session) throw new Error("the local pod offers sessions");
      const isEnd = (line: string) => line === "END";
      let stderr = "";
      for (const port of [SERVICE_PORT, SIDECAR_PORT]) {
        const exchange = await session.exchange(`:${port}/\n`, isEnd, TIMEOUT_MS);
        expect(exchange).toMatchObject({ ended: "marker", stdout: `${seen.own}\nEND\n`, exitCode: null });
        stderr += exchange.stderr;
      }
      expect(await labelledContainers(`bun-capacity.run-id=${runId}`)).toHaveLength(4);
      // stderr and stdout are two pipes: a stderr line may arrive after the stdout marker, so close returns the rest.
      stderr += (await session.close()).stderr;
      expect(stderr).toBe(`asked :${SERVICE_PORT}/\nasked :${SIDECAR_PORT}/\n`);
      expect(await labelledContainers(`bun-capacity.run-id=${runId}`)).toHaveLength(3);
      const facts = await pod.finish();
      expect(facts.applied?.nanoCpus).toBe(0.5e9);
      expect(facts.applied?.memoryBytes).toBe(256 * MiB);
      expect(facts.applied?.networkMode).toMatch(/^container:[0-9a-f]{64}$/);
      expect(facts.exitCode).toBeNull(); // it ran until finish stopped it
      expect(facts.startupMs).toBe(pod.startupMs);
      expect(await labelledContainers(`bun-capacity.run-id=${runId}`)).toEqual([]);
    },
    TIMEOUT_MS * 2,
  );

  test(
    "a service that exits before it is ready is a PodStartError with its facts; nothing is left",
    async () => {
      const runId = `it-pod-crash-${process.pid}`;
      const spec = await podSpec(runId, "console.error('cannot start'); process.exit(4)");
      const error = await driver.startPod(spec, { timeoutMs: TIMEOUT_MS }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PodStartError);
      expect((error as PodStartError).failure).toBe("service-exited");
      expect((error as PodStartError).facts?.exitCode).toBe(4);
      expect((error as PodStartError).facts?.stderr).toContain("cannot start");
      expect(await labelledContainers(`bun-capacity.run-id=${runId}`)).toEqual([]);
    },
    TIMEOUT_MS * 2,
  );
});
