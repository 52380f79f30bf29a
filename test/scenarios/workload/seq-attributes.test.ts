import { expect, test } from "bun:test";
import { SeqAttributes } from "../../../scenarios/workload/seq-attributes.ts";

test("next() and read() round-trip 0, 1, 2, ... across block boundaries, read in any order", () => {
  const writer = new SeqAttributes();
  const made = Array.from({ length: 3_005 }, () => writer.next());
  const reader = new SeqAttributes();
  for (const [seq, attributes] of made.entries()) expect(reader.read(attributes)).toBe(seq);
  // Out of order (a redelivery of an old message) still reads right.
  expect(reader.read(made[17] as (typeof made)[number])).toBe(17);
  expect(reader.read(made[2_999] as (typeof made)[number])).toBe(2_999);
});

test("attributes it did not make read as NaN", () => {
  const reader = new SeqAttributes();
  expect(reader.read({})).toBeNaN();
  expect(reader.read({ s: "1", t: "12" })).toBeNaN();
  expect(reader.read({ s: "", t: "123" })).toBeNaN();
});
