import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { exportReports } from "../../runner/report/export-reports.ts";
import { CloudRunCalibration } from "../../runner/results/cloud-run-calibration.ts";
import { localCeilings, runCalibrate, type StandIn, startStandIn } from "./revision-stand-in.ts";
import { runMatrix } from "./run-matrix.ts";
import { FIXTURE_SERVICES } from "./server-mode-run.ts";
import { useTempDir } from "./use-temp-dir.ts";

// The sleep fixture (20 ms a request, almost no CPU) at concurrency 10 carries ~500/s: a ceiling the TLS stand-in and a
// generator on this 2-core host can drive from outside the pod as well as from inside it.
const CELL = "wait__cpu1__mem256Mi__smol0__conc10";
const MATRIX = [
  `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [sleep.ts], env: { SLEEP_MS: "20" }, concurrencySearch: false }`,
  "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
  "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [10] }",
  "scenarios: { wait: { request: { path: /wait } } }",
  "cloudRun: { targetPerSec: 1000, billing: request }",
];

let dir = "";
useTempDir("it-calibrate-", (path) => {
  dir = path;
});
let standIn: StandIn | null = null;
afterAll(async () => {
  await standIn?.stop();
});

// A token the stand-in requires: it must never reach a result file, a report or an output line.
const TOKEN = `tok-${crypto.randomUUID()}`;

test(
  "calibrate over TLS on loopback with a required token: a wrong one exits 2 naming authentication; --token-command finds the local ceiling within 15%, the report plans on it, and the token is in no file or output",
  async () => {
    const first = await localCeilings(() => runMatrix(dir, MATRIX), [CELL]);
    standIn = await startStandIn({
      image: first.images[CELL] ?? "",
      service: { cmd: ["sleep.ts"], env: { SLEEP_MS: "20" } },
      concurrency: 10,
      token: TOKEN,
      dir,
    });
    const tokenFile = join(dir, "token.txt");
    await Bun.write(tokenFile, `${TOKEN}\n`);
    const args = (tokenCommand: string) => [
      "--url",
      standIn?.url ?? "",
      "--insecure",
      "--yes",
      "--token-command",
      tokenCommand,
      "--cpu",
      "1",
      "--memory",
      "256Mi",
      "--concurrency",
      "10",
      "--execution-environment",
      "gen1",
      "--repetitions",
      "1",
      "--max-requests",
      "200000",
      "--max-seconds",
      "120",
      join(dir, "matrix.yaml"),
    ];
    // A wrong token: exit 2 naming authentication, after the floor probe alone; nothing written.
    const wrong = await runCalibrate(args("echo wrong-token"), { resultsDir: dir });
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain("authentication is the likely cause");
    expect(await Bun.file(join(dir, ".calibration", "cloud-run-wait-1-256Mi-10-gen1.json")).exists()).toBe(
      false,
    );

    const { code, out: text } = await runCalibrate(args(`cat ${tokenFile}`), { resultsDir: dir });
    const out = [text];
    expect({ code, out: out.join("\n") }).toMatchObject({ code: 0 });
    const path = join(dir, ".calibration", "cloud-run-wait-1-256Mi-10-gen1.json");
    const calibration = CloudRunCalibration.parse(await Bun.file(path).json());
    expect(out.join("\n")).toContain("round-trip floor:");
    expect({
      ratio: calibration.ratio,
      within15: Math.abs(calibration.ratio - 1) <= 0.15,
      urlHost: calibration.urlHost,
      local: calibration.localSource.kind,
    }).toEqual({ ratio: calibration.ratio, within15: true, urlHost: "127.0.0.1", local: "latest-run" });

    // Reports plan with the calibrations in their results folder: the run's report, made again, now names it. The
    // sleep fixture waits rather than computes (under 80% of its quota), so it is shown and left as measured.
    const { report, terminal } = await exportReports(first.runDir, { print: false });
    const cell = report.scenarios[0]?.cells[0];
    expect(cell?.calibration?.file).toBe("cloud-run-wait-1-256Mi-10-gen1.json");
    expect(cell?.calibration?.applied).toBe(false);
    expect(cell?.calibration?.note).toContain("of its CPU quota at the ceiling (under 80%)");
    expect(terminal).toContain("not applied");
    expect(terminal).toContain("Cloud Run calibration");
    expect(terminal).toContain(
      `cloud-run-wait-1-256Mi-10-gen1.json, ${calibration.takenAt.slice(0, 10)}, gen1`,
    );
    expect(terminal).toContain(`× ${calibration.ratio.toFixed(3)}`);
    const md = await Bun.file(join(first.runDir, "report.md")).text();
    expect(md).toContain("cloud-run-wait-1-256Mi-10-gen1.json");
    // The token is nowhere: not in results/ (run, calibration, every report), not in either calibration's output.
    const files = await Array.fromAsync(new Bun.Glob("**/*").scan({ cwd: dir, dot: true }));
    const holding: string[] = [];
    for (const file of files.filter((f) => f !== "token.txt"))
      if ((await Bun.file(join(dir, file)).text()).includes(TOKEN)) holding.push(file);
    expect({ holding, inOutput: `${wrong.out}${text}`.includes(TOKEN) }).toEqual({
      holding: [],
      inOutput: false,
    });
  },
  // Generous: the host lock may first wait for other measuring runs; the work itself takes about a minute.
  { timeout: 900_000 },
);
