import os from "node:os";
import { execa } from "execa";
import type { DockerApi } from "../docker/docker-api.ts";
import type { RunEnvironment } from "./run-record.ts";

/** The host, the engine and the code under test, for run.json. */
export async function collectRunEnvironment(docker: DockerApi, repoRoot: string): Promise<RunEnvironment> {
  const [info, version, commit] = await Promise.all([docker.info(), docker.version(), gitCommit(repoRoot)]);
  return {
    hostname: os.hostname(),
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    hostCores: os.availableParallelism(),
    hostMemoryBytes: os.totalmem(),
    os: info.operatingSystem,
    kernel: info.kernelVersion,
    dockerVersion: info.serverVersion || version.version,
    dockerApiVersion: version.apiVersion,
    cgroupVersion: info.cgroupVersion,
    dockerCpus: info.cpus,
    dockerMemoryBytes: info.memoryBytes,
    bunVersion: Bun.version,
    commit,
  };
}

/** HEAD's commit, with `-dirty` when the tree has changes; null outside a git checkout. */
export async function gitCommit(repoRoot: string): Promise<string | null> {
  const head = await execa("git", ["-C", repoRoot, "rev-parse", "HEAD"], { reject: false });
  if (head.exitCode !== 0) return null;
  const status = await execa("git", ["-C", repoRoot, "status", "--porcelain"], { reject: false });
  return `${head.stdout.trim()}${status.stdout.trim() ? "-dirty" : ""}`;
}
