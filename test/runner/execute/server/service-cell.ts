import type { Cell } from "../../../../runner/plan/cell.ts";
import { testCell } from "../cell-fixture.ts";

/** A server-mode cell at 1 vCPU, concurrency 10, one sidecar. */
export function serviceCell(overrides: Partial<Cell> = {}): Cell {
  return testCell({
    id: "home__cpu1__mem256Mi__smol0__conc10",
    scenario: "home",
    cpus: 1,
    sloP99Ms: 100,
    warmupSeconds: 1,
    timeoutSeconds: 60,
    command: [],
    mode: "service",
    concurrency: 10,
    service: {
      port: 8080,
      readyPath: "/health",
      readyTimeoutSeconds: 5,
      stepSeconds: 1,
      requests: [{ weight: 1, method: "GET", path: "/", headers: {}, body: null }],
      script: null,
      scriptPath: null,
      holderImage: "bun-capacity/bun-base:test",
      generator: {
        name: "fake",
        version: "0",
        image: "fake-generator",
        calibration: null,
      },
      sidecars: [
        {
          name: "kv",
          source: { kind: "image", ref: "kv:1" },
          image: "kv:1",
          command: ["kv.ts"],
          env: {},
          readyCommand: ["bun", "ready.ts"],
        },
      ],
    },
    ...overrides,
  });
}
