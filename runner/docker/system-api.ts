import type { DockerApi, Engine } from "./docker-api.ts";
import { dockerCall as call } from "./docker-call.ts";

/** The engine itself: reachable, which version, what it runs on. */
export function systemApi(docker: Engine): Pick<DockerApi, "ping" | "version" | "info"> {
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
