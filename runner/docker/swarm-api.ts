import type { ContainerLogs } from "./docker-api.ts";

/** The Swarm side of one engine (services, tasks, nodes) plus image save/load; swarm-client.ts implements it. */
export interface SwarmApi {
  /** This engine's node id and whether it manages the swarm (null: not in a swarm). */
  swarmState(): Promise<{ nodeId: string; isManager: boolean } | null>;
  listNodes(): Promise<SwarmNode[]>;
  createService(spec: ServiceSpec): Promise<string>;
  /** Tasks of one service, newest first. */
  listTasks(serviceId: string): Promise<SwarmTask[]>;
  serviceLogs(serviceId: string): Promise<ContainerLogs>;
  /** Resolves quietly when the service is already gone. */
  removeService(serviceId: string): Promise<void>;
  listServices(labelFilter: string): Promise<Array<{ id: string; labels: Record<string, string> }>>;
  /** `docker save` of one image, as a tar stream. */
  saveImage(ref: string): Promise<NodeJS.ReadableStream>;
  /** `docker load` of a tar stream. */
  loadImage(tar: NodeJS.ReadableStream): Promise<void>;
}

export interface SwarmNode {
  id: string;
  hostname: string;
  /** ready/down/unknown, and active/pause/drain */
  state: string;
  availability: string;
  nanoCpus: number;
  memoryBytes: number;
}

/** What the runner asks of one service: a run-once job with limits, pinned to one node. */
export interface ServiceSpec {
  name: string;
  labels: Record<string, string>;
  image: string;
  args: string[];
  /** Overrides the image's entrypoint when set. */
  command: string[] | null;
  env: Record<string, string>;
  containerLabels: Record<string, string>;
  user: string;
  readonlyRootfs: boolean;
  capDrop: string[];
  tmpfs: Array<{ target: string; sizeBytes: number }>;
  pidsLimit: number;
  nanoCpus: number;
  memoryBytes: number;
  nodeId: string;
}

export interface SwarmTask {
  id: string;
  nodeId: string;
  /** new, pending, ..., running, complete, failed, rejected, shutdown, orphaned */
  state: string;
  error: string | null;
  containerId: string | null;
  exitCode: number | null;
}

/** Task states after which the task never runs again. */
export const TERMINAL_TASK_STATES = new Set([
  "complete",
  "failed",
  "rejected",
  "shutdown",
  "orphaned",
  "remove",
]);
