import { expect, test } from "bun:test";
import { CoarseClock, READS_PER_TICK } from "../../harness/coarse-clock.ts";

test("a reading is shared by at most READS_PER_TICK reads in one synchronous run", () => {
  const clock = new CoarseClock();
  const first = clock.nowNs();
  const shared = Array.from({ length: READS_PER_TICK - 1 }, () => clock.nowNs());
  expect(shared.every((value) => value === first)).toBe(true);
  Bun.sleepSync(1);
  expect(clock.nowNs()).toBeGreaterThan(first);
});

test("a reading never survives into a later turn", async () => {
  const clock = new CoarseClock();
  const first = clock.nowNs();
  await Bun.sleep(2);
  expect(clock.nowNs() - first).toBeGreaterThanOrEqual(1e6);
});
