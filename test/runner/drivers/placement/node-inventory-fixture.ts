import type { NodeFacts } from "../../../../runner/drivers/execution-driver.ts";

const GiB = 2 ** 30;

/** A fake swarm node; each node is its own physical host unless `host` says otherwise. */
export function fakeNode(id: string, cpus: number, memoryGiB: number, host = `host-${id}`): NodeFacts {
  return {
    id,
    hostname: id,
    physicalHostId: host,
    cpus,
    memoryBytes: memoryGiB * GiB,
    kernelVersion: "6.1",
    cgroupVersion: 2,
  };
}
