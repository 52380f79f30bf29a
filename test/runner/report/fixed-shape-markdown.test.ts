import { expect, test } from "bun:test";
import { fixedShapeMarkdown } from "../../../runner/report/report-markdown.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { testCell } from "../execute/cell-fixture.ts";

// Only the fields the fixed-shape section reads.
const record = (id: string, nofile: number, status: string, values: number[]) =>
  ({
    cell: { ...testCell({ id, scenario: "storm", cpus: 1, nofile }), service: { fixed: true } },
    status,
    message: status === "ok" ? "1/1 ok" : "fd-limit: ulimit nofile 256",
    repetitions: values.map((v) => ({
      result: {
        parameters: { "fixed.connectedCount": v, "fixed.memoryPerConnectionBytes": 5120, port: 8080 },
      },
    })),
  }) as unknown as CellRecord;

test("fixedShapeMarkdown: a table per fixed-shape scenario, medians of fixed.* figures, failures listed", () => {
  const md = fixedShapeMarkdown([
    record("storm__a", 4096, "ok", [590, 600, 610]),
    record("storm__b", 256, "fd-limit", []),
    { cell: testCell(), status: "ok", message: "", repetitions: [] } as unknown as CellRecord,
  ]);
  expect(md).toContain("### storm");
  expect(md).toContain("| figure | 1 vCPU / 256Mi, nofile 4096 | 1 vCPU / 256Mi, nofile 256 |");
  expect(md).toContain("| status | ok | fd-limit |");
  expect(md).toContain("| connectedCount | 600 | – |");
  expect(md).toContain("| memoryPerConnectionBytes | 5.0 KiB | – |");
  expect(md).not.toContain("port");
  expect(md).toContain("- storm__b: fd-limit: ulimit nofile 256");
  expect(fixedShapeMarkdown([])).toBe("");
});
