import { expect, test } from "bun:test";
import { listenForInterrupt } from "../../../runner/execute/interrupt-signal.ts";

test("the first SIGTERM aborts the run; a second one forces the exit", () => {
  const forced: string[] = [];
  const writes = process.stderr.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  const interrupt = listenForInterrupt((name) => forced.push(name));
  try {
    process.emit("SIGTERM", "SIGTERM");
    expect(interrupt.signal.aborted).toBe(true);
    expect(interrupt.received()).toBe("SIGTERM");
    expect(forced).toEqual([]);
    process.emit("SIGINT", "SIGINT");
    expect(forced).toEqual(["SIGINT"]);
  } finally {
    interrupt.dispose();
    process.stderr.write = writes;
  }
  expect(process.listenerCount("SIGTERM")).toBe(0);
});
