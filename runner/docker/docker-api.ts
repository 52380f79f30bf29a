import type Docker from "dockerode";
import type { AppliedLimits } from "./applied-limits.ts";

/** The engine connection the resource modules use (a type only: docker-client.ts stays the one file that loads dockerode). */
export type Engine = Docker;

/** Everything the runner asks of Docker; docker-client.ts implements it, tests fake it. */
export interface DockerApi {
  ping(): Promise<void>;
  version(): Promise<DockerVersion>;
  info(): Promise<DockerInfo>;
  inspectImage(ref: string): Promise<ImageInfo | null>;
  tagImage(ref: string, repo: string, tag: string): Promise<void>;
  /** Resolves false when the pull fails or does not finish within timeoutMs. */
  pullImage(ref: string, timeoutMs: number): Promise<boolean>;
  /** `docker import`: a root filesystem tarball becomes an image; returns its id. */
  importImage(rootfsTar: NodeJS.ReadableStream, options: ImportOptions): Promise<string>;
  /** Builds from a tar build context; returns the image id or throws DockerBuildError. */
  buildImage(contextTar: NodeJS.ReadableStream, options: BuildOptions): Promise<string>;
  createContainer(spec: ContainerSpec): Promise<string>;
  startContainer(id: string): Promise<void>;
  /** Resolves with the exit code once the container stops. */
  waitContainer(id: string): Promise<number>;
  killContainer(id: string): Promise<void>;
  removeContainer(id: string): Promise<void>;
  containerLogs(id: string): Promise<ContainerLogs>;
  inspectContainer(id: string): Promise<ContainerState>;
  /** Streams resource samples until the returned function is called or the container stops. */
  streamStats(id: string, onSample: (sample: StatsSample) => void): () => void;
  /** Calls onOom for each kernel OOM event of this container; returns a stop function. */
  watchOomEvents(id: string, onOom: () => void): Promise<() => void>;
  /** Attaches to a created (not yet started) container with openStdin; the returned function writes and closes stdin. */
  attachStdin(id: string): Promise<(data: string) => Promise<void>>;
  /**
   * Attaches stdin, stdout and stderr of a created (not yet started) container with openStdin, for a long-lived
   * program fed line by line (the generator's session); output arrives demultiplexed, in order.
   */
  attachSession(
    id: string,
    onOutput: (stream: "stdout" | "stderr", text: string) => void,
  ): Promise<AttachedSession>;
  listContainers(labelFilter: string): Promise<ContainerSummary[]>;
  /** `docker exec` of one command in a running container, bounded by timeoutMs (exitCode null: it did not finish). */
  execInContainer(id: string, cmd: string[], timeoutMs: number): Promise<ExecOutcome>;
}

/** A container's attached stdio (DockerApi.attachSession). */
export interface AttachedSession {
  /** Writes to its stdin; rejects when the stream has failed. */
  write(data: string): Promise<void>;
  /** Closes its stdin (the program reads end of input); its output still arrives until it exits. */
  closeStdin(): void;
  /** Drops the attachment: no more output is read. */
  detach(): void;
  /** Resolves when the stream ends (the container exited, or detach). */
  readonly ended: Promise<void>;
}

export interface ExecOutcome {
  exitCode: number | null;
  stdout: string;
}

export interface DockerVersion {
  version: string;
  apiVersion: string;
}

export interface DockerInfo {
  serverVersion: string;
  cgroupVersion: 1 | 2 | null;
  /** "cgroupfs" or "systemd": how the engine names container cgroups. */
  cgroupDriver: string;
  cpus: number;
  memoryBytes: number;
  operatingSystem: string;
  kernelVersion: string;
}

export interface ImageInfo {
  id: string;
  labels: Record<string, string>;
}

export interface ImportOptions {
  repo: string;
  tag: string;
  /** Dockerfile instructions applied to the imported image, e.g. `ENV PATH=...`. */
  changes: string[];
}

export interface BuildOptions {
  tag: string;
  /** relative to the context */
  dockerfile: string;
  buildArgs: Record<string, string>;
  labels: Record<string, string>;
  /** Receives the build's output lines, for a log on failure. */
  onLine?: (line: string) => void;
}

export interface ContainerSpec {
  image: string;
  /** Replaces the image's entrypoint when set. */
  entrypoint?: string[];
  cmd: string[];
  env: Record<string, string>;
  labels: Record<string, string>;
  user: string;
  nanoCpus: number;
  /** Host cores it may run on (Docker's CpusetCpus, cgroup v1 and v2 alike), e.g. "1" or "0-2"; absent: any. */
  cpusetCpus?: string;
  memoryBytes: number;
  memorySwapBytes: number;
  readonlyRootfs: boolean;
  tmpfs: Record<string, string>;
  capDrop: string[];
  securityOpt: string[];
  pidsLimit: number;
  /** ulimit nofile, soft = hard; absent: the engine's default. */
  nofile?: number;
  networkMode: string;
  /** A cgroup above the container's (cgroupfs driver: a path like /bun-capacity/x); its totals outlive the container. */
  cgroupParent?: string;
  /** Keeps stdin open for one attach (a script piped to the container), then closes it. */
  openStdin?: boolean;
}

export interface ContainerLogs {
  stdout: string;
  stderr: string;
}

export interface ContainerState {
  running: boolean;
  exitCode: number | null;
  oomKilled: boolean;
  applied: AppliedLimits;
}

export interface StatsSample {
  readAtMs: number;
  memoryUsageBytes: number;
  memoryMaxUsageBytes: number | null;
  cpuTotalNanos: number;
  throttledPeriods: number;
  throttledNanos: number;
}

export interface ContainerSummary {
  id: string;
  state: string;
  labels: Record<string, string>;
}
