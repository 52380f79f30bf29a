import { expect, test } from "bun:test";
import { cachedOfflineBase, hostShellTools, SHELL_TOOLS } from "../../../runner/image/offline-base.ts";
import { FakeDocker } from "../execute/fake-docker.ts";

test("the shell tools come from the host; /bin/sh is required, others are left out when missing", () => {
  const all = hostShellTools((name) => `/usr/bin/${name}`);
  expect([...all.keys()]).toEqual(SHELL_TOOLS);
  const some = hostShellTools((name) => (name === "sh" || name === "mkdir" ? `/bin/${name}` : null));
  expect([...some.entries()]).toEqual([
    ["sh", "/bin/sh"],
    ["mkdir", "/bin/mkdir"],
  ]);
  expect(() => hostShellTools(() => null)).toThrow("no /bin/sh on this host");
});

test("an offline base imported before shells were added is not reused; a current one or a foreign image is", async () => {
  const docker = new FakeDocker();
  docker.images.set("old", { id: "1", labels: { "bun-capacity.base-source": "offline" } });
  docker.images.set("current", {
    id: "2",
    labels: { "bun-capacity.base-source": "offline", "bun-capacity.base-format": "2" },
  });
  docker.images.set("official", { id: "3", labels: {} });
  expect(await cachedOfflineBase(docker, "old")).toBeNull();
  expect((await cachedOfflineBase(docker, "current"))?.id).toBe("2");
  expect((await cachedOfflineBase(docker, "official"))?.id).toBe("3");
  expect(await cachedOfflineBase(docker, "missing")).toBeNull();
});
