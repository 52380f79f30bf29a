import { expect, test } from "bun:test";
import { removeOrphans, removeRunContainers } from "../../../../runner/drivers/local/local-driver.ts";
import { FakeDocker } from "../../execute/fake-docker.ts";

const labels = (runId: string, pid: number, host = "here") => ({
  "bun-capacity.run-id": runId,
  "bun-capacity.owner-pid": String(pid),
  "bun-capacity.owner-host": host,
});

test("removes containers of dead runs on this host only", async () => {
  const docker = new FakeDocker();
  docker.addForeign("dead", labels("old", 111));
  docker.addForeign("alive", labels("current", 222));
  docker.addForeign("elsewhere", labels("remote", 111, "other-host"));
  docker.addForeign("unlabelled", { app: "x" });
  const removed = await removeOrphans(docker, "here", (pid) => pid === 222);
  expect(removed).toEqual(["dead"]);
  expect(docker.live.map((c) => c.id).sort()).toEqual(["alive", "elsewhere", "unlabelled"]);
});

test("removeRunContainers removes exactly one run's containers", async () => {
  const docker = new FakeDocker();
  docker.addForeign("a", labels("r1", 1));
  docker.addForeign("b", labels("r1", 1));
  docker.addForeign("c", labels("r2", 1));
  expect(await removeRunContainers(docker, "r1")).toBe(2);
  expect(docker.live.map((c) => c.id)).toEqual(["c"]);
});
