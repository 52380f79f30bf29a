// Prints the load generator's maximum rate and CPU per 1,000 requests on this host (real containers, loopback only).
import { createDockerClient } from "../runner/docker/docker-client.ts";
import { ensureCalibration } from "../runner/load/calibration/ensure-calibration.ts";

const fresh = !process.argv.includes("--cached");
const {
  calibration: c,
  path,
  measured,
} = await ensureCalibration(createDockerClient(), {
  fresh,
  log: (line) => console.error(`[generator] ${line}`),
});
console.log(
  `generator: ${c.generator} ${c.generatorVersion} on ${c.host} (${c.hostCores} cores), ${measured ? "measured now" : "stored"}: ${path}`,
);
console.log(`closed loop (${c.concurrency} in flight): ${c.closedLoopMaxPerSec.toFixed(0)} requests/s`);
console.log(
  `open loop, highest rate kept up: ${c.openLoopOfferedPerSec}/s offered, ${c.openLoopAchievedPerSec.toFixed(0)}/s achieved`,
);
console.log(
  `maximum rate: ${c.maxRatePerSec.toFixed(0)} requests/s (p99 there against a trivial handler: ${typeof c.p99MsAtMax === "number" ? `${c.p99MsAtMax.toFixed(1)} ms` : "not measured"})`,
);
console.log(`CPU per 1,000 requests: ${c.cpuSecondsPer1000.toFixed(3)} CPU-seconds`);
const cores = (v: number | null | undefined) => (typeof v === "number" ? v.toFixed(2) : "not measured");
console.log(
  `trivial service (own unlimited container): ${cores(c.closedLoopServiceCpuCores)} CPUs closed loop, ` +
    `${cores(c.serviceCpuCores)} CPUs at the open-loop maximum`,
);
