import type { DockerApi } from "../docker/docker-api.ts";
import type { DriverName, ExecutionDriver } from "./execution-driver.ts";
import { LocalDriver } from "./local/local-driver.ts";

export interface DriverOptions {
  docker: DockerApi;
  /** This machine's name, as container owner labels carry it. */
  host: string;
}

/** The one place that picks the execution driver by name. */
export function createDriver(name: DriverName, options: DriverOptions): ExecutionDriver {
  switch (name) {
    case "local":
      return new LocalDriver(options.docker, { host: options.host });
    case "swarm":
      throw new Error("the swarm driver is not available yet: run with the local driver");
  }
}
