import { expect, test } from "bun:test";
import { containerSpec } from "../../../runner/execute/container-spec.ts";
import { testCell } from "./cell-fixture.ts";

const context = { runId: "r1", commit: "abc", ownerPid: 42, ownerHost: "h" };

test("limits: NanoCpus, memory = swap, read-only, no caps, no network, labels", () => {
  const spec = containerSpec(testCell(), "img:1", context);
  expect(spec.nanoCpus).toBe(500_000_000);
  expect(spec.memoryBytes).toBe(268_435_456);
  expect(spec.memorySwapBytes).toBe(spec.memoryBytes);
  expect(spec.readonlyRootfs).toBe(true);
  expect(spec.capDrop).toEqual(["ALL"]);
  expect(spec.securityOpt).toEqual(["no-new-privileges"]);
  expect(spec.networkMode).toBe("none");
  expect(spec.user).not.toMatch(/^(0|root)/);
  expect(spec.tmpfs["/tmp"]).toContain(`size=${64 * 2 ** 20}`);
  expect(spec.labels).toMatchObject({ "bun-capacity.run-id": "r1", "bun-capacity.cell-id": testCell().id });
  expect(spec.env.GIT_COMMIT).toBe("abc");
});

test("the container gets the planned BUN_OPTIONS as is (the plan sets --smol, once)", () => {
  expect(containerSpec({ ...testCell(), smol: true }, "i", context).env.BUN_OPTIONS).toBeUndefined();
  const planned = testCell({ smol: true, env: { BUN_OPTIONS: "--smol --x" } });
  expect(containerSpec(planned, "i", context).env.BUN_OPTIONS).toBe("--smol --x");
  expect(containerSpec(testCell(), "i", context).env.BUN_OPTIONS).toBeUndefined();
});

test("network cells get a bridge; small memory limits get a small tmpfs", () => {
  expect(containerSpec(testCell({ network: true }), "i", context).networkMode).toBe("bridge");
  expect(containerSpec(testCell({ memoryBytes: 64 * 2 ** 20 }), "i", context).tmpfs["/tmp"]).toContain(
    `size=${16 * 2 ** 20}`,
  );
});
