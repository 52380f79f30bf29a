import { describe, expect, test } from "bun:test";
import {
  HostSlots,
  pickNode,
  plannedWallSeconds,
  tooBigForEveryNode,
  usableHosts,
} from "../../../../runner/drivers/placement.ts";
import { fakeNode } from "./node-inventory-fixture.ts";

const GiB = 2 ** 30;
const cell = (cpus: number, memoryGiB: number, seconds = 100) => ({
  cpus,
  memoryBytes: memoryGiB * GiB,
  seconds,
});
const mixed = [fakeNode("small-a", 2, 4), fakeNode("small-b", 2, 4), fakeNode("big", 8, 32)];

describe("placement over fake node inventories", () => {
  test("the 8-CPU node takes the 4-CPU cells; small cells go to the smallest node that fits", () => {
    const free = () => true;
    expect(pickNode(cell(4, 2), mixed, free)?.id).toBe("big");
    expect(pickNode(cell(2, 8), mixed, free)?.id).toBe("big");
    expect(pickNode(cell(1, 1), mixed, free)?.id).toBe("small-a");
    expect(pickNode(cell(1, 1), mixed, (n) => n.id !== "small-a")?.id).toBe("small-b");
    expect(pickNode(cell(1, 1), mixed, free, "big")?.id).toBe("big");
  });

  test("a cell bigger than every node is exceeds-host, with the nodes named", () => {
    expect(tooBigForEveryNode(cell(4, 2), mixed)).toBeNull();
    expect(tooBigForEveryNode(cell(16, 2), mixed)).toContain("needs 16 CPUs");
    expect(tooBigForEveryNode(cell(2, 64), mixed)).toContain("big 8 CPUs");
    expect(tooBigForEveryNode(cell(4, 2), mixed.slice(0, 2))).not.toBeNull();
    expect(tooBigForEveryNode(cell(1, 1), [])).toBe("the swarm has no usable node");
  });

  test("with N distinct hosts the planned wall time falls N-fold", () => {
    const cells = Array.from({ length: 24 }, () => cell(1, 1, 60));
    const hosts = (n: number) => Array.from({ length: n }, (_, i) => fakeNode(`n${i}`, 2, 4));
    const one = plannedWallSeconds(cells, hosts(1), false);
    expect(one).toBe(24 * 60);
    for (const n of [2, 3, 4]) expect(one / plannedWallSeconds(cells, hosts(n), false)).toBe(n);
  });

  test("nodes sharing one physical host count once, unless hosts may be shared", () => {
    const sameHost = [fakeNode("a", 2, 4, "boot-1"), fakeNode("b", 2, 4, "boot-1")];
    const cells = Array.from({ length: 4 }, () => cell(1, 1, 10));
    expect(usableHosts(sameHost, false)).toBe(1);
    expect(plannedWallSeconds(cells, sameHost, false)).toBe(40);
    expect(usableHosts(sameHost, true)).toBe(2);
    expect(plannedWallSeconds(cells, sameHost, true)).toBe(20);
  });

  test("big cells queue on the one node that fits them; cells no node fits are left out", () => {
    const cells = [cell(4, 2, 100), cell(4, 2, 100), cell(1, 1, 100), cell(1, 1, 100), cell(64, 1, 100)];
    expect(plannedWallSeconds(cells, mixed, false)).toBe(200);
  });
});

describe("host slots", () => {
  test("never two measurements on one physical host; different hosts run at once", async () => {
    const nodes = [
      fakeNode("a", 2, 4, "boot-1"),
      fakeNode("b", 2, 4, "boot-1"),
      fakeNode("c", 2, 4, "boot-2"),
    ];
    const slots = new HostSlots(nodes, false);
    const first = await slots.acquire(cell(1, 1), "x");
    const second = await slots.acquire(cell(1, 1), "y");
    expect(new Set([first.node.physicalHostId, second.node.physicalHostId]).size).toBe(2);
    let third: string | null = null;
    const waiting = slots.acquire(cell(1, 1), "z").then((lease) => {
      third = lease.node.physicalHostId;
      return lease;
    });
    await Bun.sleep(5);
    expect(third).toBeNull();
    first.release();
    await waiting;
    expect(third === first.node.physicalHostId).toBe(true);
    expect(
      slots
        .busyNodes()
        .map((b) => b.holder)
        .sort(),
    ).toEqual(["y", "z"]);
  });

  test("identical nodes on one host take turns", async () => {
    const slots = new HostSlots([fakeNode("a", 2, 4, "boot-1"), fakeNode("b", 2, 4, "boot-1")], false);
    const used: string[] = [];
    for (let i = 0; i < 4; i++) {
      const lease = await slots.acquire(cell(1, 1), `c${i}`);
      used.push(lease.node.id);
      lease.release();
    }
    expect(used).toEqual(["a", "b", "a", "b"]);
  });

  test("shareHosts lets each node measure; a waiter gives up on abort", async () => {
    const nodes = [fakeNode("a", 2, 4, "boot-1"), fakeNode("b", 2, 4, "boot-1")];
    const slots = new HostSlots(nodes, true);
    await slots.acquire(cell(1, 1), "x");
    await slots.acquire(cell(1, 1), "y");
    const abort = new AbortController();
    const waiting = slots.acquire(cell(1, 1), "z", null, abort.signal);
    abort.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
  });

  test("a small cell does not block a big one waiting behind it (no head-of-line blocking)", async () => {
    const slots = new HostSlots(mixed, false);
    const big = await slots.acquire(cell(4, 2), "big-1");
    const queued = slots.acquire(cell(4, 2), "big-2");
    const small = await slots.acquire(cell(1, 1), "small");
    expect(small.node.id).toBe("small-a");
    big.release();
    expect((await queued).node.id).toBe("big");
  });
});
