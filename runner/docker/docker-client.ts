import Docker from "dockerode";
import { containerApi } from "./container-api.ts";
import type { DockerApi, Engine } from "./docker-api.ts";
import { imageApi } from "./image-api.ts";
import { monitoringApi } from "./monitoring-api.ts";
import { systemApi } from "./system-api.ts";

/** The one place that talks to dockerode: a thin DockerApi over the engine named by DOCKER_HOST (or the local socket). */
export function createDockerClient(docker: Engine = new Docker()): DockerApi {
  return { ...systemApi(docker), ...imageApi(docker), ...containerApi(docker), ...monitoringApi(docker) };
}
