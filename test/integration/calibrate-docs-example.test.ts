import { afterAll, expect, test } from "bun:test";
import { cp, mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { ensureImage } from "../../runner/image/bench-image.ts";
import { CloudRunCalibration } from "../../runner/results/cloud-run-calibration.ts";
import { docker, NO_PROBE_ENV, OFFLINE_ENV, REPO_ROOT } from "./integration-image.ts";
import { type StandIn, startStandIn } from "./revision-stand-in.ts";
import { FIXTURE_SERVICES } from "./server-mode-run.ts";
import { useTempDir } from "./use-temp-dir.ts";

// docs/calibrate.md's commands, run as written from a copy of this checkout (so results/ is the copy's), with only
// the URL substituted: the stand-in's TLS front (a certificate this test made, trusted through NODE_EXTRA_CA_CERTS
// as a CA-signed one would be) before the bundled service, wanting a bearer token that a `gcloud` on PATH prints.
const DOCS_URL = "https://calibrate---my-service-abc123-ew.a.run.app";
const TOKEN = `docs-${crypto.randomUUID()}`;

let dir = "";
useTempDir("it-calibrate-docs-", (path) => {
  dir = path;
});
let standIn: StandIn | null = null;
afterAll(async () => {
  await standIn?.stop();
});

/** The shell commands of the docs' "Run the calibration" block: continuation lines joined, comments dropped. */
function docsCommands(): string[] {
  const docs = require("node:fs").readFileSync(join(REPO_ROOT, "docs/calibrate.md"), "utf8") as string;
  const section = docs.slice(docs.indexOf("## Run the calibration"));
  const block = section.slice(
    section.indexOf("```sh") + 5,
    section.indexOf("```", section.indexOf("```sh") + 5),
  );
  const joined = block.replace(/\\\n\s*/g, "").split("\n");
  const commands = joined.map((line) => line.replace(/\s+#.*$/, "").trim()).filter((line) => line !== "");
  // The second line repeats the first's flags as "...".
  const first = commands[0] as string;
  return commands.map((command) =>
    command.replace(" ... ", ` ${first.replace("bun runner/matrix.ts calibrate ", "")} `),
  );
}

async function sh(command: string, cwd: string, env: Record<string, string | undefined>) {
  const child = Bun.spawn(["sh", "-c", command], {
    cwd,
    env,
    stdout: "pipe",
    stderr: "pipe",
    timeout: 600_000,
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, out: `${out}\n${err}` };
}

test(
  "docs/calibrate.md's example commands run as written against the stand-in, only the URL substituted",
  async () => {
    // A copy of this checkout's files (tracked and new), node_modules linked: its results/ is the test's own.
    const work = join(dir, "work");
    const files = (await Bun.$`git ls-files -co --exclude-standard`.cwd(REPO_ROOT).text())
      .split("\n")
      .filter(Boolean);
    for (const file of files.filter((f) => !f.startsWith("results/")))
      await cp(join(REPO_ROOT, file), join(work, file), { recursive: true }).catch(() => undefined);
    await symlink(join(REPO_ROOT, "node_modules"), join(work, "node_modules"));
    const bin = join(dir, "bin");
    await mkdir(bin);
    await Bun.write(
      join(bin, "gcloud"),
      `#!/bin/sh\n[ "$1 $2" = "auth print-identity-token" ] && echo ${TOKEN}\n`,
    );
    await Bun.$`chmod +x ${join(bin, "gcloud")}`;
    await Bun.$`openssl req -x509 -newkey rsa:2048 -nodes -keyout ${join(dir, "ca-key.pem")} -out ${join(dir, "ca.pem")} -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1`.quiet();
    const env = {
      ...NO_PROBE_ENV,
      PATH: `${bin}:${process.env.PATH}`,
      NODE_EXTRA_CA_CERTS: join(dir, "ca.pem"),
    };

    // The local run the docs assume (results/latest.txt), again while the host left the cell no ceiling.
    const [plan, send] = docsCommands();
    let planned = { code: -1, out: "" };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const local = await sh(
        "bun runner/matrix.ts --cpus 1 --memory 512Mi --smol false --reps 1 --scenario ingest",
        work,
        env,
      );
      expect(local.code).toBe(0);
      planned = await sh((plan as string).replace(DOCS_URL, "https://127.0.0.1:1"), work, env);
      if (!planned.out.includes("needs the local ceiling")) break;
    }
    // Without --yes: the plan and its cost, exit 2, nothing sent (port 1 has no listener to reach).
    expect(planned.out).toContain("nothing was sent");
    expect(planned.code).toBe(2);

    const latest = (await Bun.file(join(work, "results/latest.txt")).text()).trim();
    const cells = await Array.fromAsync(
      new Bun.Glob("*.json").scan({ cwd: join(work, "results", latest, "cells") }),
    );
    const record = await Bun.file(join(work, "results", latest, "cells", cells[0] as string)).json();
    const front = await ensureImage(
      docker,
      { kind: "build", context: FIXTURE_SERVICES, dockerfile: "Dockerfile", args: {} },
      { env: OFFLINE_ENV, log: () => undefined },
    );
    standIn = await startStandIn({
      image: record.cell.image,
      frontImage: front.ref,
      service: { cmd: ["service/main.ts"], env: { HOST: "127.0.0.1" } },
      concurrency: 80,
      token: TOKEN,
      dir,
    });
    // The CA file is the front's own certificate: copy it where NODE_EXTRA_CA_CERTS points.
    await cp(join(dir, "cert.pem"), join(dir, "ca.pem"));
    // A gcloud that prints a wrong token: the bundled ingest module's first call is refused, exit 2 naming auth.
    const wrongBin = join(dir, "wrong-bin");
    await mkdir(wrongBin);
    await Bun.write(join(wrongBin, "gcloud"), "#!/bin/sh\necho wrong-token-123\n");
    await Bun.$`chmod +x ${join(wrongBin, "gcloud")}`;
    const wrong = await sh((send as string).replace(DOCS_URL, standIn.url), work, {
      ...env,
      PATH: `${wrongBin}:${process.env.PATH}`,
    });
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain("authentication is the likely cause");
    expect(wrong.out).not.toContain("wrong-token-123");
    const sent = await sh((send as string).replace(DOCS_URL, standIn.url), work, env);
    expect({ code: sent.code, tail: sent.code === 0 ? "" : sent.out.slice(-2000) }).toEqual({
      code: 0,
      tail: "",
    });
    const calibration = CloudRunCalibration.parse(
      await Bun.file(join(work, "results/.calibration/cloud-run-ingest-1-512Mi-80-gen2.json")).json(),
    );
    expect(calibration.instances).toMatchObject({ header: "X-Instance-Id", distinctIds: 1 });
    expect(calibration.repetitions.revisionCeilingsPerSec.length).toBe(3);
    expect(sent.out).toContain("one instance answered every step");
    expect(sent.out).not.toContain(TOKEN);
  },
  { timeout: 1_200_000 },
);
