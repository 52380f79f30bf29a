import { LocalDriver } from "../../../runner/drivers/local/local-driver.ts";
import type { FakeDocker } from "./fake-docker.ts";

/** The real local driver over the in-memory Docker, on a host named "h" where every pid is alive. */
export function fakeDriver(docker: FakeDocker): LocalDriver {
  return new LocalDriver(docker, { host: "h", isAlive: () => true });
}
