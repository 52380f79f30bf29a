import { describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { exportReports } from "../../../runner/report/export-reports.ts";
import { fakeMatrix } from "../sizing/fixture-builder.ts";
import { tempResultsDir, writeFixtureRun } from "../sizing/write-fixture-run.ts";
import { serviceRun } from "./service-run-fixture.ts";

const CHROMIUM = Bun.which("chromium") ?? Bun.which("chromium-browser");
const ARTIFACTS = resolve(import.meta.dir, "../../../.artifacts");
const CHROMIUM_TIMEOUT_MS = 60_000;

/** Headless Chromium with everything that could reach the network switched off. */
async function chromium(args: string[]): Promise<string> {
  const profile = await mkdtemp(join(tmpdir(), "chromium-profile-"));
  try {
    const proc = Bun.spawn(
      [
        CHROMIUM as string,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
        `--user-data-dir=${profile}`,
        ...args,
      ],
      { stdout: "pipe", stderr: "pipe" },
    );
    const [stdout] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    await proc.exited;
    return stdout;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

describe.skipIf(!CHROMIUM)("report.html in headless Chromium", () => {
  test(
    "every chart renders offline, and a screenshot is kept under .artifacts/report.png",
    async () => {
      const results = await tempResultsDir();
      const runDir = await writeFixtureRun(results, "run-html", fakeMatrix("run-html"));
      const { files } = await exportReports(runDir, { print: false });
      const url = `file://${files.reportHtml}`;

      const dom = await chromium(["--virtual-time-budget=5000", "--dump-dom", url]);
      const expected = Number(dom.match(/data-charts-expected="(\d+)"/)?.[1]);
      const rendered = Number(dom.match(/data-charts-rendered="(\d+)"/)?.[1]);
      expect(expected).toBe(6); // the load curve (in flight and CPU against load) among them
      expect(rendered).toBe(expected);
      expect(dom.match(/<canvas[^>]*data-rendered="true"/g)?.length).toBe(expected);

      await mkdir(ARTIFACTS, { recursive: true });
      const png = join(ARTIFACTS, "report.png");
      await rm(png, { force: true });
      await chromium(["--window-size=1400,2600", `--screenshot=${png}`, url]);
      const bytes = new Uint8Array(await Bun.file(png).arrayBuffer());
      expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
      expect(bytes.length).toBeGreaterThan(50_000);
    },
    CHROMIUM_TIMEOUT_MS,
  );

  test(
    "a server-mode run: a correct header, concurrency and startup in every table, no empty chart, all charts drawn",
    async () => {
      const records = await serviceRun("run-html-service");
      const runDir = await writeFixtureRun(await tempResultsDir(), "run-html-service", records, {
        cloudRun: { targetPerSec: 2000, traffic: { ingest: 0.8, e2e: 0.2 } },
      });
      // A day's traffic (cloudRun.day) adds the day plan's chart.
      const day = [
        { at: "00:00", perSec: 200 },
        { at: "09:00", perSec: 2000 },
        { at: "18:00", perSec: 1500 },
      ];
      const { files, report } = await exportReports(runDir, {
        print: false,
        settings: { targetPerSec: 2000, traffic: { ingest: 0.8, e2e: 0.2 }, day },
      });
      expect(report.dayPlan?.timeline?.demandPerSec.length).toBe(1440);
      const dom = await chromium(["--virtual-time-budget=5000", "--dump-dom", `file://${files.reportHtml}`]);
      // ingest and e2e: 5 charts each (no cell ran with --smol, so no --smol chart; the load curve); the storm 2, the queue 1; the day plan 1.
      expect(Number(dom.match(/data-charts-expected="(\d+)"/)?.[1])).toBe(14);
      expect(Number(dom.match(/data-charts-rendered="(\d+)"/)?.[1])).toBe(14);
      expect(dom.match(/<canvas[^>]*data-rendered="true"/g)?.length).toBe(14);
      expect(dom).toMatch(/<canvas id="chart-day-plan"[^>]*data-rendered="true"/);
      expect(dom.indexOf('<section id="day-plan">')).toBeGreaterThan(dom.indexOf('<section id="service">'));
      expect(dom).not.toContain("--smol vs default");
      for (const id of ["chart-fixed-0-connections", "chart-fixed-0-memory", "chart-fixed-1-backlog"])
        expect(dom).toMatch(new RegExp(`<canvas id="${id}"[^>]*data-rendered="true"`));
      // The header names the concurrency each size ran at (0.5 vCPU at 1, 1 vCPU at 80), never one figure for all.
      const header = dom.match(/<p class="muted" id="settings">([^<]*)<\/p>/)?.[1] ?? "";
      expect(header).toContain("concurrency as measured: 1 (0.5 vCPU), 80 (1 vCPU)");
      expect(header).not.toMatch(/concurrency 80[,.]/);
      // One answer for the whole service above the per-workload sections.
      expect(dom.indexOf('<section id="service">')).toBeLessThan(dom.indexOf('<section id="ingest">'));
      // Every table of the whole service and of the searched workloads shows concurrency and startup.
      for (const id of ["service", "ingest", "e2e"]) {
        const section = dom.slice(
          dom.indexOf(`<section id="${id}">`),
          dom.indexOf("</section>", dom.indexOf(`<section id="${id}">`)),
        );
        const tables = section.match(/<table>.*?<\/tr>/gs) ?? [];
        expect(tables.length).toBeGreaterThanOrEqual(id === "service" ? 1 : 2);
        for (const head of tables) {
          expect(head).toContain("<th>concurrency</th>");
          expect(head).toMatch(/<th>startup ms/);
          expect(head).toContain("CPU at ceiling (cores, quota)");
        }
      }
    },
    CHROMIUM_TIMEOUT_MS,
  );
});
