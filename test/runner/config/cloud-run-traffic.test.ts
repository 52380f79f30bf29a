import { describe, expect, test } from "bun:test";
import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import { matrixErrorOf } from "./matrix-error-of.ts";

const FILE = "/tmp/matrix.yaml";
const TWO = "scenarios:\n  throughput: {}\n  firehose: {}\n";

describe("cloudRun.traffic and cloudRun.billing", () => {
  test("traffic shares by scenario are parsed; billing defaults to auto", () => {
    const cloudRun = parseMatrix(`${TWO}cloudRun: { traffic: { throughput: 0.8, firehose: 0.2 } }\n`, FILE)
      .base?.cloudRun;
    expect(cloudRun?.traffic).toEqual({ throughput: 0.8, firehose: 0.2 });
    expect(cloudRun?.billing).toBe("auto");
  });
  test("a share naming no scenario is refused with the file, the field and the names", () => {
    const error = matrixErrorOf(`${TWO}cloudRun: { traffic: { throughpt: 1 } }\n`, FILE);
    expect(error.message).toContain("cloudRun.traffic.throughpt");
    expect(error.message).toContain('"throughpt" is not a scenario of this matrix');
    expect(error.message).toContain("throughput, firehose");
  });
  test("a share that is not a positive number is refused", () => {
    expect(matrixErrorOf(`${TWO}cloudRun: { traffic: { throughput: -1 } }\n`, FILE).message).toContain(
      "cloudRun.traffic.throughput",
    );
  });
  test("billing takes auto, request or instance", () => {
    expect(matrixErrorOf(`${TWO}cloudRun: { billing: cheapest }\n`, FILE).message).toContain(
      "cloudRun.billing",
    );
    expect(parseMatrix(`${TWO}cloudRun: { billing: request }\n`, FILE).base?.cloudRun.billing).toBe(
      "request",
    );
  });
});
