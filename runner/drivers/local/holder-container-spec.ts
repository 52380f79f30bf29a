import type { ContainerSpec } from "../../docker/docker-api.ts";
import { HOLDER_ENTRYPOINT } from "./local-driver-defaults.ts";

/** The pod's network namespace: loopback only (no route out), held by an idle, unprivileged, read-only process. */
export function holderContainerSpec(
  image: string,
  podLabels: Record<string, string>,
  cpusetCpus?: string,
): ContainerSpec {
  return {
    image,
    entrypoint: HOLDER_ENTRYPOINT,
    cmd: [],
    env: {},
    labels: podLabels,
    user: "1000:1000",
    nanoCpus: 0,
    memoryBytes: 0,
    memorySwapBytes: 0,
    readonlyRootfs: true,
    tmpfs: {},
    capDrop: ["ALL"],
    securityOpt: ["no-new-privileges"],
    pidsLimit: 0,
    networkMode: "none",
    ...(cpusetCpus && { cpusetCpus }),
  };
}
