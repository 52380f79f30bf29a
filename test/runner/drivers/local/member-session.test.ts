import { expect, test } from "bun:test";
import type { PodSpec } from "../../../../runner/drivers/execution-driver.ts";
import { containerSpec } from "../../../../runner/execute/container-spec.ts";
import { testCell } from "../../execute/cell-fixture.ts";
import { FakeDocker } from "../../execute/fake-docker.ts";
import { fakeDriver } from "../../execute/fake-driver.ts";

const context = { runId: "r1", commit: null, ownerPid: 1, ownerHost: "h" };
const member = { image: "m:1", cmd: ["probe"], env: {}, labels: { role: "x" } };
const spec: PodSpec = {
  holderImage: "base:1",
  service: containerSpec(testCell(), "svc:1", context),
  sidecars: [],
  readiness: member,
  readinessTimeoutMs: 1000,
};
const isEnd = (line: string) => line === "END";

/** A pod (holder c1, service c2, readiness c3) and a session member (c4) on the fake engine. */
async function podWithSession(sessionBehaviour: { hang?: boolean; exitCode?: number } = { hang: true }) {
  const docker = new FakeDocker([{ hang: true }, { hang: true }, { exitCode: 0 }, sessionBehaviour]);
  const pod = await fakeDriver(docker).startPod(spec, { timeoutMs: 1000 });
  if (!pod.startSession) throw new Error("the local pod offers sessions");
  const session = await pod.startSession({ ...member, cmd: ["session"] });
  const io = docker.sessions.get("c4");
  if (!io) throw new Error("the session member was attached");
  return { docker, pod, session, io };
}

test("a session member: in the pod's namespace, stdin open; each exchange's output up to its end line, then the next", async () => {
  const { docker, pod, session, io } = await podWithSession();
  expect(docker.containers.get("c4")?.spec).toMatchObject({ openStdin: true, networkMode: "container:c1" });
  const first = session.exchange("step 1\n", isEnd, 1000);
  await Bun.sleep(1);
  io.emit("stderr", "note\n");
  io.emit("stdout", "a\nb");
  io.emit("stdout", "\nEND\nlate");
  expect(await first).toEqual({ ended: "marker", stdout: "a\nb\nEND\n", stderr: "note\n", exitCode: null });
  const second = session.exchange("step 2\n", isEnd, 1000);
  await Bun.sleep(1);
  io.emit("stdout", " line\nEND\n");
  expect((await second).stdout).toBe("late line\nEND\n");
  expect(io.input).toBe("step 1\nstep 2\n");
  io.emit("stderr", "bye\n");
  expect(await session.close()).toEqual({ stdout: "", stderr: "bye\n" });
  expect(io.closed).toBe(true);
  expect(docker.removed).toContain("c4");
  await pod.finish();
  expect(docker.live).toHaveLength(0);
});

test("no end line within the timeout: timeout; the signal: aborted; an exit: exited with its code", async () => {
  const { session } = await podWithSession();
  expect((await session.exchange("x\n", isEnd, 20)).ended).toBe("timeout");
  const abort = new AbortController();
  const aborted = session.exchange("y\n", isEnd, 1000, abort.signal);
  abort.abort("SIGINT");
  expect((await aborted).ended).toBe("aborted");
  await session.close();
  const { docker, session: second, io } = await podWithSession();
  const exited = second.exchange("z\n", isEnd, 5000);
  await Bun.sleep(1);
  io.emit("stdout", "half a line");
  await docker.killContainer("c4");
  expect(await exited).toMatchObject({ ended: "exited", exitCode: 137, stdout: "half a line" });
});

test("the pod's finish() removes a session never closed (an interrupt)", async () => {
  const { docker, pod } = await podWithSession();
  await pod.finish();
  expect(docker.removed).toContain("c4");
  expect(docker.live).toHaveLength(0);
});
