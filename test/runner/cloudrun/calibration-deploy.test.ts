import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runShell } from "../../../runner/cli/command-shell.ts";
import { calibrationDeployLines } from "../../../runner/cloudrun/calibration-deploy.ts";
import { makeCalibrateCommand } from "../../../runner/commands/calibrate.ts";

/**
 * gcloud's documented flags of each command the lines use, from the synopses of its reference pages (read
 * 2026-11-28): https://cloud.google.com/sdk/gcloud/reference/run/deploy,
 * https://cloud.google.com/sdk/gcloud/reference/run/services/update-traffic and
 * https://cloud.google.com/sdk/gcloud/reference/run/revisions/delete; --quiet is a gcloud-wide flag
 * (https://cloud.google.com/sdk/gcloud/reference). `--[no-]x` is written as both forms. Only the flags read there.
 */
const DOCUMENTED: Record<string, { flags: readonly string[]; noValue: readonly string[] }> = {
  "run deploy": {
    flags: [
      "--image",
      "--region",
      "--tag",
      "--revision-suffix",
      "--cpu",
      "--memory",
      "--concurrency",
      "--execution-environment",
      "--min-instances",
      "--max-instances",
      "--scaling",
      "--timeout",
      "--port",
      "--service-account",
      "--ingress",
      "--set-env-vars",
      "--update-env-vars",
    ],
    noValue: [
      "--no-traffic",
      "--cpu-throttling",
      "--no-cpu-throttling",
      "--async",
      "--allow-unauthenticated",
      "--no-allow-unauthenticated",
      "--quiet",
    ],
  },
  "run services update-traffic": {
    flags: ["--region", "--remove-tags", "--set-tags", "--update-tags", "--to-revisions", "--to-tags"],
    noValue: ["--clear-tags", "--to-latest", "--async", "--quiet"],
  },
  "run revisions delete": { flags: ["--region"], noValue: ["--async", "--no-async", "--quiet"] },
};

/** A gcloud line as its command words, positionals and flags (each flag with its value, if it takes one). */
function parse(line: string) {
  const words = line.split(/\s+/).filter(Boolean);
  expect(words[0]).toBe("gcloud");
  const commandKey = Object.keys(DOCUMENTED).find((key) => words.slice(1).join(" ").startsWith(key));
  if (!commandKey) throw new Error(`an undocumented gcloud command: ${line}`);
  const known = DOCUMENTED[commandKey] as (typeof DOCUMENTED)[string];
  const rest = words.slice(1 + commandKey.split(" ").length);
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string;
    if (!word.startsWith("--")) positionals.push(word);
    else if (known.noValue.includes(word)) flags.set(word, true);
    else if (known.flags.includes(word)) flags.set(word, rest[++i] ?? "");
    else throw new Error(`${word} is not a documented flag of gcloud ${commandKey}`);
  }
  return { command: commandKey, positionals, flags };
}

const ONE = { cpus: 1, memoryBytes: 512 * 2 ** 20, concurrency: 80, executionEnvironment: "gen2" as const };

describe("calibrate --print-deploy: lines gcloud would accept", () => {
  test("every flag is one gcloud documents for its command; the revision takes no traffic, is tagged and is one instance", () => {
    const lines = calibrationDeployLines(ONE).filter((l) => l.startsWith("gcloud "));
    const [deploy, untag, remove] = lines.map(parse);
    expect(lines.length).toBe(3);
    expect(deploy?.command).toBe("run deploy");
    expect(Object.fromEntries(deploy?.flags ?? [])).toEqual({
      "--image": "IMAGE",
      "--region": "REGION",
      "--no-traffic": true,
      "--tag": "calibrate",
      "--revision-suffix": "calibrate",
      "--cpu": "1",
      "--memory": "512Mi",
      "--concurrency": "80",
      "--execution-environment": "gen2",
      "--no-cpu-throttling": true,
      "--min-instances": "1",
      "--max-instances": "1",
    });
    expect(untag).toMatchObject({ command: "run services update-traffic", positionals: ["SERVICE"] });
    expect(untag?.flags.get("--remove-tags")).toBe("calibrate");
    // The revision deleted is the one deployed: SERVICE-<revision suffix>.
    expect(remove).toMatchObject({ command: "run revisions delete", positionals: ["SERVICE-calibrate"] });
    // Why min = max = 1 and not manual scaling is said.
    expect(calibrationDeployLines(ONE).join("\n")).toContain(
      "manual scaling (--scaling N) is set on the service",
    );
  });

  test("a fractional size keeps its CPU, memory and gen1", () => {
    const line = calibrationDeployLines({
      cpus: 0.5,
      memoryBytes: 256 * 2 ** 20,
      concurrency: 1,
      executionEnvironment: "gen1",
    }).find((l) => l.startsWith("gcloud run deploy"));
    expect(Object.fromEntries(parse(line ?? "").flags)).toMatchObject({
      "--cpu": "0.5",
      "--memory": "256Mi",
      "--concurrency": "1",
      "--execution-environment": "gen1",
    });
  });

  test("calibrate --print-deploy prints them and sends nothing; docs/calibrate.md shows the same lines for its example", async () => {
    const out: string[] = [];
    let sent = 0;
    const matrix = join(import.meta.dir, "../../../matrix.yaml");
    const code = await runShell(
      [
        makeCalibrateCommand({
          send: async () => {
            sent += 1;
            throw new Error("sent");
          },
        }),
      ],
      [
        "calibrate",
        "--print-deploy",
        "--cpu",
        "1",
        "--memory",
        "512Mi",
        "--concurrency",
        "80",
        "--execution-environment",
        "gen2",
        matrix,
      ],
      { out: (t) => out.push(t), err: (t) => out.push(t), env: {}, exit: () => {} },
    );
    expect({ code, sent }).toEqual({ code: 0, sent: 0 });
    const docs = readFileSync(join(import.meta.dir, "../../../docs/calibrate.md"), "utf8");
    for (const line of out
      .join("\n")
      .split("\n")
      .filter((l) => l.startsWith("gcloud ")))
      expect(docs).toContain(line);
  });
});
