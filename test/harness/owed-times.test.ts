import { expect, test } from "bun:test";
import { OwedTimes } from "../../harness/owed-times.ts";

test("takes back each owed sequence once, in any order; a redelivery is not owed", () => {
  const owed = new OwedTimes();
  for (let seq = 0; seq < 10_000; seq++) owed.set(seq, seq * 10);
  expect(owed.size).toBe(10_000);
  for (let seq = 9_999; seq >= 0; seq -= 2) expect(owed.take(seq)).toBe(seq * 10);
  for (let seq = 0; seq < 10_000; seq += 2) expect(owed.take(seq)).toBe(seq * 10);
  expect(owed.take(5)).toBeUndefined();
  expect(owed.size).toBe(0);
});

test("a message never delivered becomes a straggler instead of growing the ring forever", () => {
  const owed = new OwedTimes();
  owed.set(0, 1);
  for (let seq = 1; seq < 100_000; seq++) {
    owed.set(seq, seq);
    expect(owed.take(seq)).toBe(seq);
  }
  expect(owed.size).toBe(1);
  expect(owed.take(0)).toBe(1);
  expect(owed.size).toBe(0);
});

test("large sequence numbers (past 2^31) index the ring correctly", () => {
  const owed = new OwedTimes();
  const base = 2 ** 33 + 7;
  for (let offset = 0; offset < 5_000; offset++) owed.set(base + offset, offset);
  for (let offset = 0; offset < 5_000; offset++) expect(owed.take(base + offset)).toBe(offset);
});
