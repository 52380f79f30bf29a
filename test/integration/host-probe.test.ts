import { expect, test } from "bun:test";
import { HOST_PROBE_VERSION, HostProbe } from "../../contract/host-probe.ts";
import { runProbe } from "../../runner/commands/probe.ts";
import { PROBE_CORE } from "../../runner/host/host-probe.ts";
import { docker, OFFLINE_ENV } from "./integration-image.ts";

test("probe --short --json measures four parts in a real container and prints one HostProbe line", async () => {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: OFFLINE_ENV };
  const code = await runProbe(["--short", "--json"], () => docker, io);
  expect(err.join("\n")).toBe("");
  expect(code).toBe(0);
  expect(out).toHaveLength(1);
  const probe = HostProbe.parse(JSON.parse(out[0] as string));
  expect(probe).toMatchObject({ probeVersion: HOST_PROBE_VERSION, form: "short", core: PROBE_CORE });
  for (const part of Object.values(probe.parts)) expect(part.opsPerSec).toBeGreaterThan(0);
  const relatives = Object.values(probe.parts).map((p) => p.relative);
  expect(probe.composite).toBeCloseTo(relatives.reduce((a, b) => a * b, 1) ** 0.25, 9);
  // The container is always removed.
  const left = await docker.listContainers("bun-capacity.role=host-probe");
  expect(left).toEqual([]);
}, 60_000);
