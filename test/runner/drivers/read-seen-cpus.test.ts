import { expect, test } from "bun:test";
import type { DockerApi } from "../../../runner/docker/docker-api.ts";
import { readSeenCpus } from "../../../runner/drivers/read-seen-cpus.ts";

/** A container whose image answers only the commands given (exit 127 for the rest, as a missing binary does). */
const dockerAnswering = (answers: Record<string, string>) =>
  ({
    execInContainer: async (_id: string, cmd: string[]) => {
      const stdout = answers[cmd.join(" ")];
      return stdout === undefined ? { exitCode: 127, stdout: "" } : { exitCode: 0, stdout };
    },
  }) as unknown as DockerApi;

test("an image without nproc (the offline base): the count comes from Cpus_allowed_list, and the record says so", async () => {
  const docker = dockerAnswering({
    "cat /proc/1/status": "Name:\tbun\nCpus_allowed_list:\t2-3\nMems_allowed_list:\t0\n",
    "cat /sys/devices/system/cpu/online": "0-3\n",
  });
  expect(await readSeenCpus(docker, "c1")).toEqual({
    cpusAllowedList: "2-3",
    nproc: 2,
    onlineCpuList: "0-3",
    unread: "not readable in the container: nproc (counted from Cpus_allowed_list instead)",
  });
});

test("an image with none of the tools (or a stopped container): every figure null, each named", async () => {
  const seen = await readSeenCpus(dockerAnswering({}), "c1");
  expect(seen).toMatchObject({ cpusAllowedList: null, nproc: null, onlineCpuList: null });
  expect(seen.unread).toBe(
    "not readable in the container: Cpus_allowed_list (cat /proc/1/status), nproc, online CPUs (cat /sys/devices/system/cpu/online)",
  );
  const failing = { execInContainer: async () => Promise.reject(new Error("gone")) } as unknown as DockerApi;
  expect((await readSeenCpus(failing, "c1")).nproc).toBeNull();
});
