import type { Engine } from "../../docker/docker-client.ts";
import { cpusOfNanoCpus } from "../../units/nanos.ts";
import type { NodeFacts } from "../execution-driver.ts";
import { runServiceToExit } from "./run-service-to-exit.ts";
import { DRIVER_LABEL, PROBE_TIMEOUT_MS } from "./swarm-defaults.ts";
import type { SwarmMember } from "./swarm-members.ts";

/** Printed by the probe job: the host kernel's boot id (shared by every engine on one machine), kernel, cgroup. */
const PROBE_SCRIPT = `const fs = require("node:fs");
const read = (p) => fs.readFileSync(p, "utf8").trim();
console.log(JSON.stringify({ bootId: read("/proc/sys/kernel/random/boot_id"), kernel: read("/proc/sys/kernel/osrelease"), cgroup2: fs.existsSync("/sys/fs/cgroup/cgroup.controllers") }));`;

/** Runs a tiny job on the node to learn which physical host it is on; the node's facts come out. */
export async function probeNode(manager: Engine, member: SwarmMember, image: string): Promise<NodeFacts> {
  const { node } = member;
  const base: NodeFacts = {
    id: node.id,
    hostname: node.hostname,
    physicalHostId: "",
    cpus: cpusOfNanoCpus(node.nanoCpus),
    memoryBytes: node.memoryBytes,
    kernelVersion: "",
    cgroupVersion: null,
  };
  const facts = await runServiceToExit(
    { manager: manager.swarm, nodeEngine: member.engine?.docker ?? null },
    {
      name: `bcap-probe-${node.id.slice(0, 12)}-${Date.now().toString(36)}`,
      labels: { [DRIVER_LABEL]: "probe" },
      image,
      command: ["bun", "-e", PROBE_SCRIPT],
      args: [],
      env: {},
      containerLabels: { [DRIVER_LABEL]: "probe" },
      user: "1000:1000",
      readonlyRootfs: true,
      capDrop: ["ALL"],
      tmpfs: [],
      pidsLimit: 64,
      nanoCpus: 0,
      memoryBytes: 0,
      nodeId: node.id,
    },
    base,
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  const line = facts.stdout.trim().split("\n").at(-1) ?? "";
  let parsed: { bootId?: string; kernel?: string; cgroup2?: boolean } = {};
  try {
    parsed = JSON.parse(line);
  } catch {}
  if (facts.exitCode !== 0 || !parsed.bootId)
    throw new Error(
      `the probe job on node ${node.hostname} failed (exit ${facts.exitCode}): ${facts.stderr.trim().slice(-300)}`,
    );
  return {
    ...base,
    physicalHostId: parsed.bootId,
    kernelVersion: parsed.kernel ?? "",
    cgroupVersion: parsed.cgroup2 ? 2 : 1,
  };
}
