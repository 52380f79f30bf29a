import Docker from "dockerode";
import type { DockerApi } from "./docker-api.ts";
import { createDockerClient } from "./docker-client.ts";
import { EngineAddressError } from "./engine-address-error.ts";
import type { SwarmApi } from "./swarm-api.ts";
import { createSwarmClient } from "./swarm-client.ts";

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
