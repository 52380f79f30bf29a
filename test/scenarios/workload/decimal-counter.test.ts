import { expect, test } from "bun:test";
import { DecimalCounter } from "../../../scenarios/workload/decimal-counter.ts";

test("counts 0, 1, 2, ... as strings Number() reads back, across block boundaries", () => {
  const counter = new DecimalCounter();
  for (let value = 0; value < 3_005; value++) expect(Number(counter.next())).toBe(value);
});
