import type { ContainerSpec } from "../docker/docker-api.ts";
import type { PodMemberSpec } from "./execution-driver.ts";

/** A pod member: no limits (its cost must not come out of the service's quota), in the holder's network namespace. */
export function memberContainerSpec(
  member: PodMemberSpec,
  podLabels: Record<string, string>,
  holderId: string,
  cpusetCpus?: string,
): ContainerSpec {
  return {
    image: member.image,
    cmd: member.cmd,
    env: member.env,
    labels: { ...podLabels, ...member.labels },
    user: "",
    nanoCpus: 0,
    memoryBytes: 0,
    memorySwapBytes: 0,
    readonlyRootfs: false,
    tmpfs: {},
    capDrop: [],
    securityOpt: ["no-new-privileges"],
    pidsLimit: 0,
    networkMode: `container:${holderId}`,
    ...(cpusetCpus && { cpusetCpus }),
    openStdin: member.stdin !== undefined,
  };
}
