import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import { runShell } from "../../runner/cli/command-shell.ts";
import { makeCalibrateCommand } from "../../runner/commands/calibrate.ts";
import { exportReports } from "../../runner/report/export-reports.ts";
import { CloudRunCalibration } from "../../runner/results/cloud-run-calibration.ts";
import { docker } from "./integration-image.ts";
import { runMatrix } from "./run-matrix.ts";
import { FIXTURE_SERVICES } from "./server-mode-run.ts";
import { useTempDir } from "./use-temp-dir.ts";

// The sleep fixture (20 ms a request, almost no CPU) at concurrency 10 carries ~500/s: a ceiling the TLS stand-in and a
// generator on this 2-core host can drive from outside the pod as well as from inside it.
const CELL = "wait__cpu1__mem256Mi__smol0__conc10";
const MATRIX = [
  `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [sleep.ts], env: { SLEEP_MS: "20" } }`,
  "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
  "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [10] }",
  "scenarios: { wait: { request: { path: /wait } } }",
  "cloudRun: { targetPerSec: 1000, billing: request }",
];

let dir = "";
useTempDir("it-calibrate-", (path) => {
  dir = path;
});
const started: string[] = [];
afterAll(async () => {
  for (const id of started) await docker.removeContainer(id).catch(() => undefined);
});

/** A self-signed certificate for 127.0.0.1, made now with openssl. */
async function selfSigned(): Promise<{ cert: string; key: string }> {
  const [keyPath, certPath] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  await Bun.$`openssl req -x509 -newkey rsa:2048 -nodes -keyout ${keyPath} -out ${certPath} -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1`.quiet();
  return { cert: await Bun.file(certPath).text(), key: await Bun.file(keyPath).text() };
}

/** One container on the host network under real limits (1 vCPU, 256 MiB), as the stand-in's pod. */
async function startMember(image: string, cmd: string[], env: Record<string, string>): Promise<void> {
  const id = await docker.createContainer({
    image,
    cmd,
    env,
    labels: { "bun-capacity.test": "calibrate-loopback" },
    user: "bun",
    nanoCpus: 1e9,
    memoryBytes: 256 * 2 ** 20,
    memorySwapBytes: 256 * 2 ** 20,
    readonlyRootfs: false,
    tmpfs: {},
    capDrop: [],
    securityOpt: [],
    pidsLimit: 256,
    networkMode: "host",
  });
  started.push(id);
  await docker.startContainer(id);
}

async function waitForHttps(port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`https://127.0.0.1:${port}/health`, {
      tls: { rejectUnauthorized: false },
      signal: AbortSignal.timeout(1000),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await Bun.sleep(100);
  }
  throw new Error(`the TLS stand-in on ${port} did not answer within 20 s`);
}

test(
  "calibrate over TLS on loopback finds the local cell's ceiling within 15%, and the run's report then plans on it, naming the file",
  async () => {
    const first = await runMatrix(dir, MATRIX);
    const localCell = JSON.parse(await Bun.file(join(first.runDir, "cells", `${CELL}.json`)).text());
    const image: string = localCell.cell.image;
    // Ports on this host for the service and its TLS front (host network: the stand-in's pod).
    const servicePort = 20000 + Math.floor(Math.random() * 20000);
    const tlsPort = servicePort + 1;
    const { cert, key } = await selfSigned();
    await startMember(image, ["sleep.ts"], { SLEEP_MS: "20", PORT: String(servicePort) });
    await startMember(image, ["tls-stand-in.ts"], {
      PORT: String(tlsPort),
      TARGET_PORT: String(servicePort),
      TLS_CERT: cert,
      TLS_KEY: key,
    });
    await waitForHttps(tlsPort);

    const out: string[] = [];
    const code = await runShell(
      [makeCalibrateCommand({ resultsDir: dir })],
      [
        "calibrate",
        "--url",
        `https://127.0.0.1:${tlsPort}`,
        "--insecure",
        "--yes",
        "--cpu",
        "1",
        "--memory",
        "256Mi",
        "--concurrency",
        "10",
        "--execution-environment",
        "gen2",
        "--max-requests",
        "200000",
        "--max-seconds",
        "120",
        join(dir, "matrix.yaml"),
      ],
      {
        out: (t) => out.push(t),
        err: (t) => {
          out.push(t);
          console.error(t);
        },
        env: {},
        exit: () => {},
      },
    );
    expect({ code, out: out.join("\n") }).toMatchObject({ code: 0 });
    const path = join(dir, ".calibration", "cloud-run-1-256Mi-10.json");
    const calibration = CloudRunCalibration.parse(await Bun.file(path).json());
    expect(out.join("\n")).toContain("round-trip floor:");
    expect({
      ratio: calibration.ratio,
      within15: Math.abs(calibration.ratio - 1) <= 0.15,
      urlHost: calibration.urlHost,
      local: calibration.localSource.kind,
    }).toEqual({ ratio: calibration.ratio, within15: true, urlHost: "127.0.0.1", local: "latest-run" });

    // Reports plan with the calibrations in their results folder: the run's report, made again, now names it.
    const { report, terminal } = await exportReports(first.runDir, { print: false });
    const cell = report.scenarios[0]?.cells[0];
    expect(cell?.calibration?.file).toBe("cloud-run-1-256Mi-10.json");
    expect(cell?.localPlanningCeilingPerSec).toBeGreaterThan(0);
    expect(terminal).toContain("Cloud Run calibration");
    expect(terminal).toContain(`cloud-run-1-256Mi-10.json, ${calibration.takenAt.slice(0, 10)}, gen2`);
    expect(terminal).toContain(`× ${calibration.ratio.toFixed(3)}`);
    const md = await Bun.file(join(first.runDir, "report.md")).text();
    expect(md).toContain("cloud-run-1-256Mi-10.json");
  },
  // Generous: the host lock may first wait for other measuring runs; the work itself takes about a minute.
  { timeout: 900_000 },
);
