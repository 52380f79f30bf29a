import type { DockerApi } from "../../docker/docker-api.ts";
import type { NodeFacts } from "../execution-driver.ts";
import type { ContainerAccounting } from "./with-cgroup-parent.ts";

/** What the local driver's operations share: the engine, its node, cgroup accounting and the host's CPU counter. */
export interface LocalEnvironment {
  docker: DockerApi;
  node: NodeFacts | null;
  accounting: ContainerAccounting | null;
  /** The host's busy CPU-seconds counter (null: not readable); sampled around each measured container. */
  hostBusySeconds: () => Promise<number | null>;
}
