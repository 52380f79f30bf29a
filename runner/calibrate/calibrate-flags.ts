import { z } from "zod";
import {
  booleanFlag,
  choiceText,
  decimalText,
  FlagError,
  PathText,
  valueFlag,
  wholeText,
} from "../cli/flags.ts";
import { CPU_BOUNDS, MemoryBytesText, ScenarioName } from "../config/field-schemas.ts";
import { HeaderLines } from "./calibrate-secrets.ts";

/** Every bound of a calibration: it reaches beyond loopback, so each has a default and a hard maximum. */
export const CALIBRATE_LIMITS = {
  defaultMaxRequests: 2_000_000,
  maxMaxRequests: 100_000_000,
  defaultMaxSeconds: 600,
  maxMaxSeconds: 7200,
  /** A step with more than this share of its requests failing on the connection ends the search (no storm). */
  maxConnectionErrorShare: 0.01,
  /** Over this, round-trip floor × rate ÷ concurrency says the round trip, not the revision, may set the pace. */
  maxLittleLawShare: 0.5,
  defaultRepetitions: 3,
  /** The concurrency-1 probe that measures the round-trip floor. */
  floorProbeMs: 2000,
} as const;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost"]);

/** The flags of `calibrate`: one entry per flag; zod checks each before anything is sent. */
export const CALIBRATE_FLAGS = z.strictObject({
  url: valueFlag(z.string().min(1).max(2048), {
    help: "the deployed revision's https URL (https://127.0.0.1 or https://localhost only with --insecure)",
    value: "URL",
    example: "--url https://my-service-abc123-ew.a.run.app",
  }),
  cpu: valueFlag(decimalText("CPUs", { min: CPU_BOUNDS.min, max: CPU_BOUNDS.cloudRunMax }), {
    help: "the revision's --cpu (the local cell of the same size is the ratio's other side)",
    value: "C",
    example: "--cpu 1",
  }),
  memory: valueFlag(MemoryBytesText, {
    help: "the revision's --memory, e.g. 512Mi",
    value: "SIZE",
    example: "--memory 512Mi",
  }),
  concurrency: valueFlag(wholeText("requests in flight", { min: 1, max: 1000 }), {
    help: "the revision's --concurrency",
    value: "N",
    example: "--concurrency 80",
  }),
  scenario: valueFlag(ScenarioName, {
    help: "the matrix scenario whose requests or workload module drive the URL (default: the only one, else required)",
    value: "NAME",
    example: "--scenario ingest",
  }),
  "execution-environment": valueFlag(choiceText({ gen1: "gen1" as const, gen2: "gen2" as const }), {
    help: "the revision's execution environment, as deployed (recorded in the calibration)",
    value: "gen1|gen2",
    example: "--execution-environment gen2",
  }),
  "token-command": valueFlag(z.string().min(1).max(1000), {
    help: "a shell command that prints a bearer token (run before the first request and again before it expires), sent as Authorization: Bearer <token>; never shown",
    value: "CMD",
    example: "--token-command 'gcloud auth print-identity-token'",
    secret: true,
  }),
  header: valueFlag(HeaderLines, {
    help: "a header sent with every request, 'Name: value' (repeatable); its value is never shown",
    value: "'NAME: VALUE'",
    example: "--header 'X-Api-Key: ...'",
    repeatable: true,
    secret: true,
  }),
  "instance-header": valueFlag(
    z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/, "expected a header name"),
    {
      help: "the response header the revision returns its instance id in (docs/calibrate.md): a step answered by more than one instance marks the calibration multi-instance, never applied",
      value: "NAME",
      example: "--instance-header X-Instance-Id",
    },
  ),
  repetitions: valueFlag(wholeText("repetitions", { min: 1, max: 10 }), {
    help: "ceiling searches against the revision (default 3; with --measure-local each follows a local measurement)",
    value: "N",
    example: "--repetitions 3",
  }),
  "print-deploy": booleanFlag(
    "print the gcloud lines that deploy the cell's size as a tagged one-instance revision with no traffic, and delete it afterwards; sends nothing",
  ),
  insecure: booleanFlag("accept a self-signed certificate: only for https://127.0.0.1 or https://localhost"),
  yes: booleanFlag(
    "send the planned requests (without it, calibrate prints the plan and its cost and sends nothing)",
  ),
  "max-requests": valueFlag(wholeText("requests", { min: 1, max: CALIBRATE_LIMITS.maxMaxRequests }), {
    help: `most requests the whole calibration may send (default ${CALIBRATE_LIMITS.defaultMaxRequests.toLocaleString("en-US")})`,
    value: "N",
    example: "--max-requests 500000",
  }),
  "max-seconds": valueFlag(wholeText("seconds", { min: 1, max: CALIBRATE_LIMITS.maxMaxSeconds }), {
    help: `most seconds the whole calibration may send for (default ${CALIBRATE_LIMITS.defaultMaxSeconds})`,
    value: "S",
    example: "--max-seconds 300",
  }),
  "no-host-lock": booleanFlag(
    "do not wait for other measuring runs on this host (they would share its cores)",
  ),
  "measure-local": booleanFlag(
    "measure the local cell of the same size now instead of reading the latest run",
  ),
  results: valueFlag(PathText, {
    help: "results directory: the latest run is read there, calibrations go to its .calibration/ (default results)",
    value: "DIR",
    example: "--results results",
  }),
});
export type CalibrateFlags = z.output<typeof CALIBRATE_FLAGS>;

/** Where the requests go: checked against the safety rules before anything else happens. */
export interface CalibrateTarget {
  host: string;
  port: number;
  insecure: boolean;
  loopback: boolean;
}

const bad = (flag: string, problem: string) => new FlagError(flag, problem, { command: "calibrate" });

/**
 * The URL rules: https only; a self-signed certificate (--insecure) only on loopback; no credentials, path or
 * query (a revision is measured at the scenario's own paths).
 */
export function calibrateTarget(flags: Pick<CalibrateFlags, "url" | "insecure">): CalibrateTarget {
  if (flags.url === undefined)
    throw bad("--url", "--url is required, e.g. --url https://my-service-abc123-ew.a.run.app");
  let url: URL;
  try {
    url = new URL(flags.url);
  } catch {
    throw bad("--url", `--url ${JSON.stringify(flags.url)} is not a URL`);
  }
  if (url.protocol !== "https:")
    throw bad(
      "--url",
      `--url ${JSON.stringify(flags.url)}: only https:// URLs are accepted (rule: calibrate drives a deployed revision over TLS, never plain HTTP)`,
    );
  if (url.username || url.password)
    throw bad("--url", "--url must not carry credentials (rule: nothing secret is sent or recorded)");
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash)
    throw bad(
      "--url",
      `--url ${JSON.stringify(flags.url)}: give the origin only (https://host[:port]); the scenario's requests name the paths`,
    );
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const loopback = LOOPBACK_HOSTS.has(host);
  if (flags.insecure && !loopback)
    throw bad(
      "--insecure",
      `--insecure with --url host ${JSON.stringify(host)}: a self-signed certificate is accepted only for https://127.0.0.1 or https://localhost (rule: a remote revision's certificate is always verified)`,
    );
  return {
    host,
    port: url.port === "" ? 443 : Number(url.port),
    insecure: flags.insecure === true,
    loopback,
  };
}

/** The size flags, all three required. */
export function calibrateSize(flags: Pick<CalibrateFlags, "cpu" | "memory" | "concurrency">) {
  if (flags.cpu === undefined) throw bad("--cpu", "--cpu is required (the revision's --cpu), e.g. --cpu 1");
  if (flags.memory === undefined)
    throw bad("--memory", "--memory is required (the revision's --memory), e.g. --memory 512Mi");
  if (flags.concurrency === undefined)
    throw bad(
      "--concurrency",
      "--concurrency is required (the revision's --concurrency), e.g. --concurrency 80",
    );
  return { cpus: flags.cpu, memoryBytes: flags.memory, concurrency: flags.concurrency };
}
