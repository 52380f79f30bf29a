import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { join, resolve } from "node:path";
import { runReport } from "../../../runner/commands/report.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { dayProfile, parseTrafficCsv, readTrafficCsv } from "../../../runner/config/traffic-profile.ts";
import { SizingReport } from "../../../runner/sizing/sizing-report.ts";
import { fakeMatrix } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";

const WEEKDAY = resolve(import.meta.dir, "../../../examples/traffic/weekday.csv");

describe("traffic profiles", () => {
  test("the shipped weekday: hourly rows, linear between them, wrapping from 23:00 to midnight", async () => {
    const profile = await readTrafficCsv(WEEKDAY);
    expect(profile.days).toBe(1);
    expect(profile.perMinute.length).toBe(1440);
    expect(profile.perMinute[10 * 60]).toBe(2000);
    expect(profile.perMinute[10 * 60 + 30]).toBe(1950);
    // 23:00 is 200/s and midnight 150/s: half way is 175/s.
    expect(profile.perMinute[23 * 60 + 30]).toBe(175);
    expect(Math.max(...profile.perMinute) / Math.min(...profile.perMinute)).toBe(20);
  });

  test("dated rows span days; the profile wraps from its last row to its first", () => {
    const csv = "time,perSec\n2026-11-23 00:00,100\n# a comment\n\n2026-11-24T12:00,300\n";
    const profile = parseTrafficCsv(csv, "two-days.csv");
    expect(profile.days).toBe(2);
    expect(profile.perMinute.length).toBe(2880);
    expect(profile.perMinute[1440 + 720]).toBe(300);
    expect(profile.perMinute[1440]).toBeCloseTo(100 + (200 * 1440) / 2160, 9);
    // From day 2 12:00 (300/s) back to day 1 00:00 (100/s) over the remaining 720 minutes.
    expect(profile.perMinute[2880 - 360]).toBe(200);
  });

  test("cloudRun.day: validated, in order, expanded the same way; one point is a flat day", () => {
    const settings = CloudRunSettings.parse({
      day: [
        { at: "06:00", perSec: 0 },
        { at: "12:00", perSec: 600 },
      ],
    });
    const profile = dayProfile(settings.day ?? []);
    expect(profile.perMinute[9 * 60]).toBe(300);
    expect(profile.perMinute[0]).toBe(200);
    expect(new Set(dayProfile([{ at: "12:00", perSec: 5 }]).perMinute)).toEqual(new Set([5]));
    expect(settings.idleMinutes).toBe(15);
    expect(settings.maxColdStartExposure).toBe(0.001);
    const outOfOrder = CloudRunSettings.safeParse({
      day: [
        { at: "12:00", perSec: 1 },
        { at: "06:00", perSec: 1 },
      ],
    });
    expect(outOfOrder.success).toBe(false);
    expect(outOfOrder.error?.issues[0]?.path).toEqual(["day", 1, "at"]);
  });
});

describe("report --traffic", () => {
  let logs: ReturnType<typeof spyOn>;
  beforeEach(() => {
    logs = spyOn(console, "log").mockImplementation(() => {});
  });
  afterEach(() => logs.mockRestore());

  test("adds a day plan to a stored run: sizing.json's dayPlan, the terminal and report.md", async () => {
    const results = await tempResultsDir();
    const dir = await writeFixtureRun(results, "run-day", fakeMatrix("run-day"), {
      cloudRun: { targetPerSec: 1000 },
    });
    expect(await runReport(["run-day", "--traffic", WEEKDAY], results)).toBe(0);
    const report = SizingReport.parse(await Bun.file(join(dir, "sizing.json")).json());
    const plan = report.dayPlan;
    expect(plan?.source).toBe(WEEKDAY);
    expect(plan?.sizes.length).toBeGreaterThan(0);
    for (const size of plan?.sizes ?? []) {
      expect(size.instanceHoursPerDay).toBeGreaterThan(0);
      expect(size.peakInstances).toBeGreaterThan(0);
    }
    expect(plan?.recommended?.minInstances).toBeGreaterThanOrEqual(0);
    expect(String(logs.mock.calls.flat().join("\n"))).toContain("== Day plan: ");
    expect(await Bun.file(join(dir, "report.md")).text()).toContain("## A day's traffic");
  });
});
