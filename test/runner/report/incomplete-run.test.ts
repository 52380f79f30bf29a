import { expect, test } from "bun:test";
import { exportReports } from "../../../runner/report/export-reports.ts";
import { missingCellsText } from "../../../runner/report/report-sections.ts";
import { SizingReport } from "../../../runner/sizing/sizing-report.ts";
import { fixtureRunRecord } from "../results/run-record-fixture.ts";
import { fakeMatrix } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";

test("a run with planned cells that have no record says so in every view and in sizing.json", async () => {
  const all = fakeMatrix("run-partial");
  const recorded = all.slice(0, 5);
  const missing = all.slice(5).map((r) => r.cell.id);
  const runDir = await writeFixtureRun(await tempResultsDir(), "run-partial", recorded, {
    run: fixtureRunRecord("run-partial", all),
  });
  const exported = await exportReports(runDir, { print: false });
  expect(exported.report.missingCellIds).toEqual(missing);
  expect(SizingReport.parse(await Bun.file(exported.files.sizingJson).json()).missingCellIds).toEqual(
    missing,
  );
  const headline = `Incomplete run: ${missing.length} planned cell(s) have no result`;
  expect(exported.terminal).toContain(headline);
  expect(await Bun.file(exported.files.reportMd).text()).toContain(headline);
  expect(await Bun.file(exported.files.reportHtml).text()).toContain(headline);
  expect(exported.terminal).toContain(`and ${missing.length - 5} more`);
  expect(exported.terminal).toContain("--resume run-partial");
});

test("a whole run has no missing cells and no warning", async () => {
  const runDir = await writeFixtureRun(await tempResultsDir(), "run-whole", fakeMatrix("run-whole"));
  const exported = await exportReports(runDir, { print: false });
  expect(exported.report.missingCellIds).toBeUndefined();
  expect(missingCellsText(exported.report)).toBeNull();
  expect(exported.terminal).not.toContain("Incomplete run");
});
