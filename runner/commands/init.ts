import { access, readFile, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, relative, resolve } from "node:path";
import { z } from "zod";
import { defineCommand } from "../cli/command.ts";
import { EXIT } from "../cli/exit-codes.ts";
import { booleanFlag, PathText, valueFlag, wholeText } from "../cli/flags.ts";
import { loadMatrix } from "../config/load-matrix.ts";
import { createDockerClient } from "../docker/docker-client.ts";
import { checkReadyPaths } from "../init/check-ready-path.ts";
import { dockerfileFacts } from "../init/dockerfile-facts.ts";
import { InitInputError } from "../init/init-error.ts";
import { INIT_CPUS, INIT_MEMORY, type InitFacts, matrixTemplate } from "../init/matrix-template.ts";
import { packageFacts, readText } from "../init/project-facts.ts";
import { pickReadyPath, pickRequestPath, readyCandidates } from "../init/ready-candidates.ts";

/** Bun.serve's port when the Dockerfile exposes none. */
const BUN_DEFAULT_PORT = 3000;

export const INIT_FLAGS = z.strictObject({
  dockerfile: valueFlag(PathText, {
    help: "the Dockerfile to read and build (default Dockerfile); the build context is the current folder",
    value: "FILE",
    example: "--dockerfile Dockerfile",
  }),
  port: valueFlag(wholeText("port", { min: 1, max: 65_535 }), {
    help: "the port the service listens on (default the Dockerfile's EXPOSE, else 3000)",
    value: "N",
    example: "--port 8080",
  }),
  force: booleanFlag("overwrite an existing matrix file"),
  "no-check": booleanFlag("do not build and run the image to check the ready path (it is then only a guess)"),
});

const USAGE = `Usage: bun runner/matrix.ts init [MATRIX_FILE] [flags]

Reads ./Dockerfile (EXPOSE, ENTRYPOINT/CMD) and ./package.json and writes a commented MATRIX_FILE (default
matrix.yaml): the service with its port, a ready path checked against the running image (built and run here, each
candidate path tried on its loopback), one request scenario, Cloud Run's CPU and memory axes and a target. An
existing file is kept unless --force.`;

/** The scenario's name from its path: /hello → hello, / → root. */
const scenarioName = (path: string) =>
  path
    .replace(/^\/+|\/+$/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .slice(0, 40) || "root";

/** `init`: read the Dockerfile and package.json -> check the ready path on the running image -> write -> validate. */
export const initCommand = defineCommand({
  name: "init",
  usage: USAGE,
  flags: INIT_FLAGS,
  positionals: { min: 0, max: 1, names: "at most one matrix file path" },
  run: async ({ flags, positionals }, context) => {
    const matrixPath = resolve(positionals[0] ?? "matrix.yaml");
    const exists = await access(matrixPath).then(
      () => true,
      () => false,
    );
    if (exists && !flags.force)
      throw new InitInputError(
        matrixPath,
        "already exists and init never overwrites it",
        "pass --force to replace it, or name another file",
      );
    const project = process.cwd();
    const dockerfilePath = resolve(flags.dockerfile ?? "Dockerfile");
    const text = await readText(
      dockerfilePath,
      "Dockerfile",
      "run init in your service's folder, or pass --dockerfile FILE",
    );
    const facts = dockerfileFacts(text);
    const pkg = await packageFacts(project);
    const entryFile = facts.entryFile ?? pkg.entry;
    const source = entryFile ? await readFile(resolve(project, entryFile), "utf8").catch(() => null) : null;
    const port = flags.port ?? facts.ports[0] ?? BUN_DEFAULT_PORT;
    const portSource =
      flags.port !== undefined
        ? "from --port"
        : facts.ports.length
          ? "the Dockerfile's EXPOSE"
          : "no EXPOSE in the Dockerfile: Bun.serve's default";
    const candidates = readyCandidates(source);
    const dockerfile = relative(project, dockerfilePath);
    let readyPath = candidates.at(-1) ?? "/";
    let requestPath = readyPath;
    let readySource = "not checked (--no-check): edit it to a GET that answers 2xx once the service is up";
    if (!flags["no-check"]) {
      context.err(`[init] building ${dockerfile} and trying ${candidates.length} paths on 127.0.0.1:${port}`);
      const answers = await checkReadyPaths(createDockerClient(), {
        context: project,
        dockerfile,
        port,
        paths: candidates,
        log: (line) => context.err(`[image] ${line}`),
        env: context.env,
      });
      for (const answer of answers.bcReadyPaths)
        context.err(`[init] GET ${answer.path}: ${answer.status ?? "no answer"}`);
      const picked = pickReadyPath(answers.bcReadyPaths);
      if (picked === null)
        throw new InitInputError(
          dockerfilePath,
          `the running image answered none of ${candidates.join(" ")} with 2xx on port ${port}`,
          "add a GET health route (e.g. /health) or pass --port, then run init again (or --no-check)",
        );
      readyPath = picked;
      requestPath = pickRequestPath(answers.bcReadyPaths, picked);
      readySource = `checked: answered ${answers.bcReadyPaths.find((a) => a.path === picked)?.status} on the running image`;
    }
    // A pinned cell needs ceil(cpus) cores of its own plus one for the load generator.
    const cores = availableParallelism();
    const fits = (cpus: number) => Math.ceil(cpus) + 1 <= cores;
    const initFacts: InitFacts = {
      context: relative(dirname(matrixPath), project) || ".",
      dockerfile: dockerfile === "Dockerfile" ? null : dockerfile,
      port,
      portSource,
      readyPath,
      readySource,
      requestPath,
      scenario: scenarioName(requestPath),
      command: facts.command,
      packageName: pkg.name,
      cpus: INIT_CPUS.filter(fits).length ? INIT_CPUS.filter(fits) : [INIT_CPUS[0] as number],
      cpusLeftOut: INIT_CPUS.filter((cpus) => !fits(cpus)),
      memory: INIT_MEMORY,
    };
    // The real loader reads it first, beside its final name (paths in it are relative to its folder): a file init
    // writes always loads, and a refused one never replaces anything.
    const staged = `${matrixPath}.${process.pid}.tmp`;
    await writeFile(staged, matrixTemplate(initFacts));
    try {
      loadMatrix(staged);
      await rename(staged, matrixPath);
    } finally {
      await rm(staged, { force: true });
    }
    context.out(
      `wrote ${relative(project, matrixPath) || matrixPath}: next, \`bun runner/matrix.ts run ${relative(project, matrixPath)}\``,
    );
    return EXIT.ok;
  },
});
