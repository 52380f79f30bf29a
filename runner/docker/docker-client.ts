import Docker from "dockerode";
import { containerApi } from "./container-api.ts";
import type { ContainerLogs, DockerApi } from "./docker-api.ts";
import { dockerCall as call, EngineAddressError } from "./docker-error.ts";
import { imageApi } from "./image-api.ts";
import { monitoringApi } from "./monitoring-api.ts";
import type { SwarmApi } from "./swarm-api.ts";
import { createSwarmClient } from "./swarm-client.ts";

/** The one place that talks to dockerode: a thin DockerApi over the engine named by DOCKER_HOST (or the local socket). */
export function createDockerClient(docker: Docker = new Docker()): DockerApi {
  return { ...systemApi(docker), ...imageApi(docker), ...containerApi(docker), ...monitoringApi(docker) };
}

export interface Engine {
  /** The address given (unix:///path or tcp://host:port), or "local" for DOCKER_HOST / the default socket. */
  address: string;
  docker: DockerApi;
  swarm: SwarmApi;
}

/** Clients for one Docker engine: the local one when address is null, else unix:// or tcp:// address. */
export function connectEngine(address: string | null): Engine {
  const docker = new Docker(address === null ? undefined : dockerOptions(address));
  return {
    address: address ?? "local",
    docker: createDockerClient(docker),
    swarm: createSwarmClient(docker),
  };
}

function dockerOptions(address: string): Docker.DockerOptions {
  if (address.startsWith("unix://")) return { socketPath: address.slice("unix://".length) };
  const url = URL.parse(address);
  if (url?.protocol !== "tcp:") throw new EngineAddressError(address);
  return { host: url.hostname, port: Number(url.port || 2375), protocol: "http" };
}

/** The engine itself: reachable, which version, what it runs on. */
export function systemApi(docker: Docker): Pick<DockerApi, "ping" | "version" | "info"> {
  return {
    ping: () => call("ping the engine", async () => void (await docker.ping())),
    version: () =>
      call("read the engine version", async () => {
        const v = await docker.version();
        return { version: v.Version, apiVersion: v.ApiVersion };
      }),
    info: () =>
      call("read the engine info", async () => {
        const info = await docker.info();
        const cgroup = Number(info.CgroupVersion);
        return {
          serverVersion: String(info.ServerVersion),
          cgroupVersion: cgroup === 1 || cgroup === 2 ? cgroup : null,
          cgroupDriver: String(info.CgroupDriver ?? ""),
          cpus: Number(info.NCPU),
          memoryBytes: Number(info.MemTotal),
          operatingSystem: String(info.OperatingSystem),
          kernelVersion: String(info.KernelVersion),
        };
      }),
  };
}

/** Reads a newline-delimited JSON stream (Docker's build, pull, stats and events streams) object by object. */
export async function* readJsonLines(stream: NodeJS.ReadableStream): AsyncGenerator<Record<string, unknown>> {
  let buffer = "";
  for await (const chunk of stream) {
    buffer += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line !== "") yield parseLine(line);
      newline = buffer.indexOf("\n");
    }
  }
  if (buffer.trim() !== "") yield parseLine(buffer.trim());
}

function parseLine(line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { stream: line };
  }
}

const HEADER_BYTES = 8;
const STDERR_STREAM = 2;

/** Splits Docker's multiplexed log format (8-byte frame headers, non-TTY containers) into stdout and stderr. */
export function demuxDockerLog(buffer: Uint8Array): ContainerLogs {
  const stdout: Uint8Array[] = [];
  const stderr: Uint8Array[] = [];
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let offset = 0;
  while (offset + HEADER_BYTES <= buffer.length) {
    const stream = buffer[offset];
    const size = view.getUint32(offset + 4);
    const frame = buffer.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + size);
    (stream === STDERR_STREAM ? stderr : stdout).push(frame);
    offset += HEADER_BYTES + size;
  }
  return { stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") };
}

/**
 * Docker's multiplexed stream read as it arrives: frames split across chunks are joined, and each stream's text is
 * decoded on its own (a UTF-8 character may straddle two frames).
 */
export class DockerFrameReader {
  private pending: Uint8Array = new Uint8Array(0);
  private readonly decoders = { stdout: new TextDecoder(), stderr: new TextDecoder() };

  constructor(private readonly onOutput: (stream: "stdout" | "stderr", text: string) => void) {}

  push(chunk: Uint8Array): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let offset = 0;
    while (offset + HEADER_BYTES <= this.pending.length) {
      const view = new DataView(this.pending.buffer, this.pending.byteOffset + offset, HEADER_BYTES);
      const size = view.getUint32(4);
      if (offset + HEADER_BYTES + size > this.pending.length) break;
      const stream = this.pending[offset] === STDERR_STREAM ? "stderr" : "stdout";
      const frame = this.pending.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + size);
      const text = this.decoders[stream].decode(frame, { stream: true });
      if (text !== "") this.onOutput(stream, text);
      offset += HEADER_BYTES + size;
    }
    this.pending = this.pending.subarray(offset);
  }
}

/** Ends a Docker response stream (stats, events) from our side. */
export function destroyStream(stream: NodeJS.ReadableStream): void {
  (stream as unknown as { destroy?: () => void }).destroy?.();
}

/** A container id as `docker ps` shows it. */
export function shortId(id: string): string {
  return id.slice(0, 12);
}
