import { join } from "node:path";
import { runShell } from "../../runner/cli/command-shell.ts";
import { type CalibrateCommandDeps, makeCalibrateCommand } from "../../runner/commands/calibrate.ts";
import { docker } from "./integration-image.ts";
import { FIXTURE_SERVICES } from "./server-mode-run.ts";

/** How the stand-in revision behaves (test/fixtures/services/revision-stand-in.ts). */
export interface StandInOptions {
  /** The instance's image (a local run's cell `image`). */
  image: string;
  /** The front end's image (the fixture services', which ships revision-stand-in.ts); default: `image`. */
  frontImage?: string;
  /** The instance's command and env (PORT is set here). */
  service: { cmd: string[]; env: Record<string, string> };
  concurrency: number;
  rttMs?: number;
  token?: string;
  /** A second instance joins after this many seconds; absent: never. */
  secondAfterS?: number;
  /** Scratch folder for the certificate. */
  dir: string;
}

export interface StandIn {
  url: string;
  port: number;
  stop: () => Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made now with openssl. */
async function selfSigned(dir: string): Promise<{ cert: string; key: string }> {
  const [keyPath, certPath] = [join(dir, "key.pem"), join(dir, "cert.pem")];
  await Bun.$`openssl req -x509 -newkey rsa:2048 -nodes -keyout ${keyPath} -out ${certPath} -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1`.quiet();
  return { cert: await Bun.file(certPath).text(), key: await Bun.file(keyPath).text() };
}

/** One container on the host network (loopback only is used) under 1 vCPU and 256 MiB, as an instance would be. */
async function startMember(image: string, cmd: string[], env: Record<string, string>): Promise<string> {
  const id = await docker.createContainer({
    image,
    cmd,
    env,
    labels: { "bun-capacity.test": "revision-stand-in" },
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
  await docker.startContainer(id);
  return id;
}

/** Waits until the front end answers at all (a token-guarded one answers 401): bounded to 20 s. */
async function waitForHttps(port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const answered = await fetch(`https://127.0.0.1:${port}/health`, {
      tls: { rejectUnauthorized: false },
      signal: AbortSignal.timeout(1000),
    }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (answered) return;
    await Bun.sleep(100);
  }
  throw new Error(`the revision stand-in on ${port} did not answer within 20 s`);
}

/** The instances (one, or two when one joins later) and the TLS front end before them, on loopback ports. */
export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const base = 20000 + Math.floor(Math.random() * 20000);
  const instancePorts = options.secondAfterS === undefined ? [base] : [base, base + 1];
  const port = base + 2;
  const ids: string[] = [];
  const stop = async () => {
    for (const id of ids) await docker.removeContainer(id).catch(() => undefined);
  };
  try {
    for (const instancePort of instancePorts)
      ids.push(
        await startMember(options.image, options.service.cmd, {
          ...options.service.env,
          PORT: String(instancePort),
        }),
      );
    const { cert, key } = await selfSigned(options.dir);
    ids.push(
      await startMember(options.frontImage ?? options.image, ["revision-stand-in.ts"], {
        PORT: String(port),
        TARGET_PORTS: instancePorts.join(","),
        CONCURRENCY: String(options.concurrency),
        RTT_MS: String(options.rttMs ?? 0),
        TOKEN: options.token ?? "",
        SECOND_AFTER_S: String(options.secondAfterS ?? -1),
        TLS_CERT: cert,
        TLS_KEY: key,
      }),
    );
    await waitForHttps(port);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `https://127.0.0.1:${port}`, port, stop };
}

/** `calibrate` through the command shell, as `bun runner/matrix.ts calibrate ...` runs it; every line kept. */
export async function runCalibrate(args: string[], deps: Partial<CalibrateCommandDeps>) {
  const lines: string[] = [];
  const code = await runShell([makeCalibrateCommand(deps)], ["calibrate", ...args], {
    out: (text) => lines.push(text),
    err: (text) => {
      lines.push(text);
      if (process.env.IT_TIMING) console.error(text);
    },
    env: {},
    exit: () => {},
  });
  return { code, out: lines.join("\n") };
}

/**
 * The local run the ratios divide by, again (at most `attempts` times) while a cell has no confirmed ceiling: other
 * work on a shared host can leave the generator no spare core (exceeds-host), which is no figure to compare against.
 */
export async function localCeilings(
  run: () => Promise<{ runDir: string }>,
  cellIds: readonly string[],
  attempts = 3,
): Promise<{ runDir: string; images: Record<string, string> }> {
  let last = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const { runDir } = await run();
    const records = await Promise.all(
      cellIds.map(async (id) => JSON.parse(await Bun.file(join(runDir, "cells", `${id}.json`)).text())),
    );
    const missing = records.filter((r) => typeof r.summary?.ceilingPerSec?.median !== "number");
    if (missing.length === 0)
      return { runDir, images: Object.fromEntries(records.map((r) => [r.cell.id, r.cell.image])) };
    last = missing.map((r) => `${r.cell.id}: ${r.status} ${r.message ?? ""}`).join("; ");
    console.error(`[local run ${attempt}/${attempts}] no ceiling: ${last}`);
  }
  throw new Error(`the local run confirmed no ceiling in ${attempts} attempts: ${last}`);
}

/** The 1 ms-a-request cpu-cost fixture the calibrate tests size at 1 vCPU: its stand-in command and its matrix. */
export const BURN_SERVICE = { cmd: ["cpu-cost.ts"], env: { WORK_US: "1000" } };
export const burnMatrix = (stepSeconds: number, concurrency: readonly number[]) => [
  `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [cpu-cost.ts], env: { WORK_US: "1000" } }`,
  `defaults: { warmupSeconds: 0, stepSeconds: ${stepSeconds}, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }`,
  `axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [${concurrency.join(", ")}] }`,
  "scenarios: { burn: { request: { path: /burn } } }",
  "cloudRun: { targetPerSec: 1000, billing: request }",
];
