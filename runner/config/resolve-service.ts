import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { BUNDLED_BUILD, SERVICE_DEFAULTS } from "./config-defaults.ts";
import { describeWorkload } from "./describe-workload.ts";
import { MAX_SCRIPT_FILE_BYTES } from "./input-limits.ts";
import type { BodyIssue, MatrixBody, ScenarioSettings } from "./matrix-body.ts";
import type { ImageSource, ResolvedRequest, ResolvedService, ServiceLoad } from "./resolved-matrix.ts";
import type { RequestSettings } from "./service-settings.ts";

type Build = { context?: string; dockerfile?: string; args?: Record<string, string> };
const LOAD_KEYS = ["request", "requests", "script"] as const;

/** The `service:` block with defaults, its image, and what cannot be checked field by field. */
export function resolveService(
  body: MatrixBody,
  matrixDir: string,
  issues: BodyIssue[],
): { service: ResolvedService; image: ImageSource } | null {
  const settings = body.service;
  if (!settings) {
    if (body.axes?.concurrency)
      issues.push({
        path: ["axes", "concurrency"],
        message: "concurrency is Cloud Run's --concurrency of a service: it needs a `service:` block",
      });
    for (const key of ["include", "exclude"] as const)
      (body[key] ?? []).forEach((matcher, index) => {
        if (matcher.concurrency !== undefined)
          issues.push({
            path: [key, index, "concurrency"],
            message: "concurrency matches only cells of a `service:`",
          });
      });
    return null;
  }
  for (const key of ["image", "build", "command"] as const)
    if (body[key] !== undefined)
      issues.push({
        path: [key],
        message: `with \`service:\`, set ${key} under service (service.${key}); the top-level ${key} is for in-container scenarios`,
      });
  const image = pickImage(settings, matrixDir, ["service"], issues);
  const names = new Set<string>();
  const sidecars = (settings.sidecars ?? []).map((sidecar, index) => {
    if (names.has(sidecar.name))
      issues.push({
        path: ["service", "sidecars", index, "name"],
        message: `repeats the name "${sidecar.name}"`,
      });
    names.add(sidecar.name);
    return {
      name: sidecar.name,
      image: pickImage(sidecar, matrixDir, ["service", "sidecars", index], issues),
      command: sidecar.command ?? null,
      env: sidecar.env ?? {},
      readyCommand: sidecar.readyCommand ?? null,
    };
  });
  const service: ResolvedService = {
    port: settings.port,
    readyPath: settings.readyPath ?? SERVICE_DEFAULTS.readyPath,
    readyTimeoutSeconds: settings.readyTimeoutSeconds ?? SERVICE_DEFAULTS.readyTimeoutSeconds,
    concurrencySearch: settings.concurrencySearch ?? SERVICE_DEFAULTS.concurrencySearch,
    env: settings.env ?? {},
    command: settings.command ?? null,
    sidecars,
  };
  return { service, image };
}

function pickImage(
  settings: { image?: string; build?: Build },
  matrixDir: string,
  at: PropertyKey[],
  issues: BodyIssue[],
): ImageSource {
  if (settings.image && settings.build)
    issues.push({
      path: [...at, "image"],
      message: "set either build (a Dockerfile) or image (a prebuilt image), not both",
    });
  if (settings.image) return { kind: "image", ref: settings.image };
  if (!settings.build) {
    issues.push({
      path: at,
      message: "set image (a prebuilt image like myapp:1.2) or build (your Dockerfile)",
    });
    return { kind: "image", ref: "<missing>" };
  }
  const context = path.resolve(matrixDir, settings.build.context ?? ".");
  const dockerfile = settings.build.dockerfile ?? BUNDLED_BUILD.dockerfile;
  if (!existsSync(path.join(context, dockerfile)))
    issues.push({
      path: [...at, "build"],
      message: `no Dockerfile at ${path.join(context, dockerfile)} (context and dockerfile are relative to the matrix file)`,
    });
  return { kind: "build", context, dockerfile, args: settings.build.args ?? {} };
}

/** A scenario's requests in server mode, or why it has none; in scenario mode, request keys are a mistake. */
export function resolveLoad(
  settings: ScenarioSettings,
  serviceMode: boolean,
  matrixDir: string,
): { load: ServiceLoad | null; problem: string | null } {
  const set = LOAD_KEYS.filter((key) => settings[key] !== undefined);
  if (!serviceMode) {
    const serverOnly = [...set, ...(settings.search !== undefined ? ["search"] : [])];
    return {
      load: null,
      problem: serverOnly.length
        ? `${serverOnly.join(", ")} apply only with a \`service:\` block (server mode)`
        : null,
    };
  }
  if (settings.search === false && settings.script === undefined)
    return {
      load: null,
      problem:
        "search: false runs a fixed-shape workload module once (connection storm, backlog and drain); set script: too",
    };
  // flags reach a workload module (its declared flags; a list makes an axis); requests have nothing to read them.
  const misplaced = (["command", "flags"] as const).filter(
    (key) => settings[key] !== undefined && !(key === "flags" && settings.script !== undefined),
  );
  if (misplaced.length)
    return {
      load: null,
      problem: `${misplaced.join(", ")} apply to in-container scenarios${misplaced.includes("flags") ? " and workload modules" : ""}, not to a service's requests`,
    };
  if (set.length !== 1)
    return {
      load: null,
      problem: `a service scenario needs exactly one of request, requests (a weighted mix) or script (a workload module, .ts)${set.length ? `; it sets ${set.join(" and ")}` : ""}`,
    };
  if (settings.script !== undefined) {
    const scriptPath = path.resolve(matrixDir, settings.script);
    const script = readScript(scriptPath);
    if (script.problem !== null) return { load: null, problem: `script: ${script.problem}` };
    const described = describeWorkload(scriptPath);
    if (described.problem !== null) return { load: null, problem: `script: ${described.problem}` };
    const { workload } = described;
    const fixed = settings.search === false;
    if (fixed !== (workload.shape === "fixed"))
      return {
        load: null,
        problem: `script: ${scriptPath} is a ${workload.shape} workload; ${workload.shape === "fixed" ? "set search: false" : "search: false needs a fixed-shape module (one with run())"}`,
      };
    return {
      load: { requests: [], script: script.text, scriptPath, workload, ...(fixed && { fixed }) },
      problem: null,
    };
  }
  const requests = settings.requests ?? [{ weight: 1, ...(settings.request as RequestSettings) }];
  return { load: { requests: requests.map(toRequest), script: null, scriptPath: null }, problem: null };
}

/** A workload module's text, or why it cannot be one: missing, not a regular file, too big or unreadable. */
function readScript(scriptPath: string): { text: string; problem: null } | { text: null; problem: string } {
  const fail = (problem: string) => ({ text: null, problem });
  const info = statSync(scriptPath, { throwIfNoEntry: false });
  if (info === undefined) return fail(`no such file ${scriptPath} (relative to the matrix file)`);
  if (!info.isFile()) return fail(`${scriptPath} is not a file; pass the path of a workload module`);
  if (info.size > MAX_SCRIPT_FILE_BYTES)
    return fail(
      `${scriptPath} is ${info.size} bytes; a workload module may have at most ${MAX_SCRIPT_FILE_BYTES}`,
    );
  try {
    return { text: readFileSync(scriptPath, "utf8"), problem: null };
  } catch (error) {
    return fail(`cannot read ${scriptPath} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

function toRequest(request: RequestSettings & { weight: number }): ResolvedRequest {
  const headers = { ...request.headers };
  const json = typeof request.body === "object";
  if (json && !Object.keys(headers).some((name) => name.toLowerCase() === "content-type"))
    headers["Content-Type"] = "application/json";
  return {
    weight: request.weight,
    method: request.method ?? SERVICE_DEFAULTS.method,
    path: request.path,
    headers,
    body: request.body === undefined ? null : json ? JSON.stringify(request.body) : (request.body as string),
    ...(request.expect && { expect: { status: [...request.expect.status] } }),
  };
}
