import { readFile } from "node:fs/promises";
import os from "node:os";
import type { DockerApi } from "../../docker/docker-api.ts";
import type { NodeFacts } from "../execution-driver.ts";
import { LOCAL_NODE_ID } from "./local-driver-defaults.ts";

const BOOT_ID_FILE = "/proc/sys/kernel/random/boot_id";

/** The local engine as a node; its physical host is the kernel's boot id (shared by every engine on this machine). */
export async function localNodeFacts(docker: DockerApi): Promise<NodeFacts> {
  const info = await docker.info();
  const bootId = await readFile(BOOT_ID_FILE, "utf8").then(
    (text) => text.trim(),
    () => os.hostname(),
  );
  return {
    id: LOCAL_NODE_ID,
    hostname: os.hostname(),
    physicalHostId: bootId,
    cpus: info.cpus,
    memoryBytes: info.memoryBytes,
    kernelVersion: info.kernelVersion,
    cgroupVersion: info.cgroupVersion,
  };
}
