import { expect, test } from "bun:test";
import { PodStartError } from "../../../../runner/drivers/driver-error.ts";
import type { PodSpec } from "../../../../runner/drivers/execution-driver.ts";
import { containerSpec } from "../../../../runner/execute/container-spec.ts";
import { testCell } from "../../execute/cell-fixture.ts";
import type { FakeBehaviour } from "../../execute/fake-behaviour.ts";
import { FakeDocker } from "../../execute/fake-docker.ts";
import { fakeDriver } from "../../execute/fake-driver.ts";

const context = { runId: "r1", commit: null, ownerPid: 1, ownerHost: "h" };
const member = { image: "m:1", cmd: ["probe"], env: {}, labels: { role: "x" } };

function spec(sidecars: PodSpec["sidecars"] = [], readinessTimeoutMs = 1000): PodSpec {
  return {
    holderImage: "base:1",
    service: containerSpec(testCell(), "svc:1", context),
    sidecars,
    readiness: member,
    readinessTimeoutMs,
  };
}

test("holder, service and members share the holder's namespace; finish removes every container", async () => {
  const docker = new FakeDocker([{ hang: true }, { hang: true }, { exitCode: 0 }, { stdout: "done" }]);
  const pod = await fakeDriver(docker).startPod(spec(), { timeoutMs: 1000 });
  const [holder, service] = docker.live;
  expect(holder?.spec.networkMode).toBe("none");
  expect(service?.spec).toMatchObject({ image: "svc:1", networkMode: "container:c1", nanoCpus: 0.5e9 });
  const outcome = await pod.runMember({ ...member, stdin: "script" }, 1000);
  expect(outcome).toMatchObject({ exitCode: 0, stdout: "done", timedOut: false });
  expect(docker.stdin.get("c4")).toBe("script");
  const facts = await pod.finish();
  expect(facts.exitCode).toBeNull();
  expect(facts.applied?.networkMode).toBe("container:c1");
  expect(docker.live).toHaveLength(0);
  expect(docker.removed).toContain("c4");
});

test("a sidecar whose ready check never passes fails the pod before the service starts; nothing is left", async () => {
  const failing: FakeBehaviour[] = Array.from({ length: 20 }, () => ({ exitCode: 1 }));
  const docker = new FakeDocker([{ hang: true }, { hang: true }, ...failing]);
  const sidecar = { ...member, name: "db", readyCmd: ["ready?"] };
  const error = await fakeDriver(docker)
    .startPod(spec([sidecar], 300), { timeoutMs: 1000 })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PodStartError);
  expect((error as PodStartError).failure).toBe("sidecar-not-ready");
  expect(docker.live).toHaveLength(0);
  expect([...docker.containers.values()].some((c) => c.spec.image === "svc:1")).toBe(false);
});

test("every pod container carries the run's labels (removed on Ctrl-C and as an orphan)", async () => {
  const docker = new FakeDocker([{ hang: true }, { hang: true }, { exitCode: 0 }]);
  await fakeDriver(docker).startPod(spec(), { timeoutMs: 1000 });
  expect(docker.live.every((c) => c.spec.labels["bun-capacity.run-id"] === "r1")).toBe(true);
  expect(await fakeDriver(docker).removeRun("r1")).toBe(2);
});

test("a pinned pod: the service on its cores, the holder and members on the others; what the service saw is in its facts", async () => {
  const docker = new FakeDocker([{ hang: true }, { hang: true }, { exitCode: 0 }, { stdout: "done" }]);
  const pinned: PodSpec = {
    ...spec(),
    service: { ...containerSpec(testCell(), "svc:1", context), cpusetCpus: "1" },
    membersCpuset: "0",
  };
  const started: Array<string | undefined> = [];
  docker.onStart = (id) => started.push(docker.containers.get(id)?.spec.cpusetCpus);
  const pod = await fakeDriver(docker).startPod(pinned, { timeoutMs: 1000 });
  await pod.runMember(member, 1000);
  // holder, service, readiness, then the member (a generator step)
  expect(started).toEqual(["0", "1", "0", "0"]);
  const facts = await pod.finish();
  expect(facts.applied?.cpusetCpus).toBe("1");
  expect(facts.cpuSeen).toEqual({ cpusAllowedList: "1", nproc: 1, onlineCpuList: "0-1", unread: null });
});
