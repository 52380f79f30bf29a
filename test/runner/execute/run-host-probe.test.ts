import { describe, expect, test } from "bun:test";
import { HostProbe } from "../../../contract/host-probe.ts";
import { runProbe } from "../../../runner/commands/probe.ts";
import type { ContainerSpec } from "../../../runner/docker/docker-api.ts";
import { runHostProbe } from "../../../runner/execute/run-host-probe.ts";
import { NO_HOST_PROBE_ENV, wantsHostProbe } from "../../../runner/execute/run-plan.ts";
import { HostProbeError, PROBE_CORE, PROBE_REFERENCE } from "../../../runner/host/host-probe.ts";
import { FakeDocker } from "./fake-docker.ts";

const half = PROBE_REFERENCE.opsPerSec.full;
const RAW = JSON.stringify({
  form: "full",
  integer: half.integer / 2,
  allocation: half.allocation / 2,
  json: half.json / 2,
  http: half.http / 2,
  bunVersion: "1.4.5",
  elapsedMs: 3600,
});

function recordingDocker(stdout: string, exitCode = 0) {
  const docker = new FakeDocker([{ stdout, exitCode }]);
  // Every image (the base, the probe's) is already there: nothing is built.
  docker.inspectImage = async () => ({ id: "sha256:x", labels: {} });
  const specs: ContainerSpec[] = [];
  const create = docker.createContainer.bind(docker);
  docker.createContainer = async (spec) => {
    specs.push(spec);
    return create(spec);
  };
  return { docker, specs };
}

describe("runHostProbe", () => {
  test("one container pinned to the probe core under a one-CPU quota, loopback only; scored and removed", async () => {
    const { docker, specs } = recordingDocker(`${RAW}\n`);
    const probe = await runHostProbe(docker, { form: "full", image: "probe:1" });
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({
      image: "probe:1",
      cmd: ["bun", "probe.ts", "full"],
      cpusetCpus: String(PROBE_CORE),
      nanoCpus: 1e9,
      networkMode: "none",
    });
    expect(probe.core).toBe(PROBE_CORE);
    expect(probe.composite).toBeCloseTo(0.5, 9);
    expect(docker.live).toHaveLength(0);
  });

  test("output that is not the probe's figures is a HostProbeError naming it", async () => {
    const { docker } = recordingDocker("not json\n");
    await expect(runHostProbe(docker, { form: "short", image: "probe:1" })).rejects.toThrow(HostProbeError);
    const failed = recordingDocker("", 1);
    await expect(runHostProbe(failed.docker, { form: "short", image: "probe:1" })).rejects.toThrow(
      "exited 1",
    );
  });
});

describe("the probe command", () => {
  test("--json prints exactly one line of the HostProbe schema", async () => {
    const { docker } = recordingDocker(`${RAW}\n`);
    const out: string[] = [];
    const code = await runProbe(["--json"], () => docker, {
      out: (t) => out.push(t),
      err: () => undefined,
      env: {},
    });
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]?.split("\n")).toHaveLength(1);
    expect(HostProbe.parse(JSON.parse(out[0] as string)).composite).toBeCloseTo(0.5, 9);
  });

  test("the table names the four parts and the composite", async () => {
    const { docker } = recordingDocker(`${RAW}\n`);
    const out: string[] = [];
    const code = await runProbe([], () => docker, { out: (t) => out.push(t), err: () => undefined, env: {} });
    expect(code).toBe(0);
    for (const word of ["integer", "allocation", "JSON", "HTTP", "composite"])
      expect(out.join("\n")).toContain(word);
  });
});

describe("whether a run probes the host", () => {
  test("on by default; BUN_CAPACITY_NO_HOST_PROBE=1 turns it off; the option wins over the variable", () => {
    expect(wantsHostProbe({ env: {} })).toBe(true);
    expect(wantsHostProbe({ env: { [NO_HOST_PROBE_ENV]: "0" } })).toBe(true);
    expect(wantsHostProbe({ env: { [NO_HOST_PROBE_ENV]: "1" } })).toBe(false);
    expect(wantsHostProbe({ env: { [NO_HOST_PROBE_ENV]: "1" }, hostProbe: true })).toBe(true);
    expect(wantsHostProbe({ env: {}, hostProbe: false })).toBe(false);
  });
});
