import Docker from "dockerode";
import { containerApi } from "./container-api.ts";
import type { DockerApi } from "./docker-api.ts";
import { imageApi } from "./image-api.ts";
import { monitoringApi } from "./monitoring-api.ts";
import { systemApi } from "./system-api.ts";

/** The engine connection the resource modules use (the type only: this file stays the one dockerode importer). */
export type Engine = Docker;

/** The one place that talks to dockerode: a thin DockerApi over the engine named by DOCKER_HOST (or the local socket). */
export function createDockerClient(docker: Engine = new Docker()): DockerApi {
  return { ...systemApi(docker), ...imageApi(docker), ...containerApi(docker), ...monitoringApi(docker) };
}
