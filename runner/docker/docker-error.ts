const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ENOENT",
  "EACCES",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
]);

/** Maps whatever dockerode threw to one of our typed errors, keeping the original as `cause`. */
export function toDockerError(action: string, error: unknown): Error {
  if (
    error instanceof DockerBuildError ||
    error instanceof DockerUnavailableError ||
    error instanceof ImageMissingError ||
    error instanceof DockerRequestError
  ) {
    return error;
  }
  const e = error as { code?: string; statusCode?: number; json?: { message?: string }; message?: string };
  if ((e.code && CONNECTION_ERROR_CODES.has(e.code)) || /socket hang up|connect E/i.test(e.message ?? "")) {
    return new DockerUnavailableError(action, { cause: error });
  }
  const detail = e.json?.message ?? e.message ?? String(error);
  return new DockerRequestError(action, e.statusCode ?? null, detail, { cause: error });
}

/** The Docker engine cannot be reached: not running, not installed, or gone mid-run. */
export class DockerUnavailableError extends Error {
  constructor(action: string, options?: ErrorOptions) {
    super(
      `Docker is not running (while trying to ${action}): start it (Docker Desktop, or 'sudo systemctl start docker') or run \`bash scripts/setup.sh --docker\``,
      options,
    );
    this.name = "DockerUnavailableError";
  }
}

/** Docker answered, but refused a request (bad parameter, conflict, server error). */
export class DockerRequestError extends Error {
  constructor(
    action: string,
    readonly statusCode: number | null,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`Docker refused to ${action}${statusCode ? ` (HTTP ${statusCode})` : ""}: ${detail}`, options);
    this.name = "DockerRequestError";
  }
}

/** A container's image does not exist locally (and no registry is used to fetch it). */
export class ImageMissingError extends Error {
  constructor(
    readonly image: string,
    options?: ErrorOptions,
  ) {
    super(
      `image ${image} is not present on this Docker engine: build or load it first (\`docker images ${image}\` to check)`,
      options,
    );
    this.name = "ImageMissingError";
  }
}

/** An engine address that is neither unix:///path nor tcp://host:port. */
export class EngineAddressError extends Error {
  override readonly name = "EngineAddressError";
  constructor(address: string) {
    super(
      `engine address ${JSON.stringify(address)}: expected unix:///path or tcp://host:port; fix it and run again`,
    );
  }
}

/** `docker build` failed; the message carries Docker's error, the tail of the build's own output and a next step. */
export class DockerBuildError extends Error {
  readonly nextStep: string;

  constructor(
    message: string,
    readonly logTail: string,
    options: ErrorOptions & { nextStep?: string } = {},
  ) {
    const nextStep = options.nextStep ?? buildNextStep(`${message}\n${logTail}`);
    const log = logTail.trim() ? `\n--- build output (last lines) ---\n${logTail}\n---` : "";
    super(`${message}${log}\nNext step: ${nextStep}`, options);
    this.name = "DockerBuildError";
    this.nextStep = nextStep;
  }
}

/** What the user can do about a failed build, picked from Docker's error and the build's output. */
const NEXT_STEPS: Array<[RegExp, string]> = [
  [
    /Cannot locate specified Dockerfile|Dockerfile.*(not found|no such file)/i,
    "keep the Dockerfile inside build.context and set build.dockerfile relative to it (matrix.yaml)",
  ],
  [
    /\/bin\/sh.*(no such file|not found)|exec: "\/bin\/sh"/i,
    'the base image has no /bin/sh: use exec-form RUN ["…"], or a base with a shell (oven/bun:<version>-slim and the offline base have one)',
  ],
  [
    /pull access denied|manifest (for .* )?(unknown|not found)|failed to resolve|no such host|dial tcp|TLS handshake timeout/i,
    "a FROM image is not on this Docker engine and the registry did not answer: `docker pull` it where a registry is reachable (or `docker load` it), then run again",
  ],
  [
    /COPY failed|ADD failed|no source files were specified|not found in build context|file not found|failed to compute cache key/i,
    "a COPY/ADD source is missing from the build context: `bun runner/matrix.ts --dry-run` names the .dockerignore rule or the missing path",
  ],
  [
    /lockfile had changes|frozen-lockfile|lockfile is frozen/i,
    "bun.lock does not match package.json: run `bun install` in the service's folder and commit bun.lock",
  ],
  [
    /ENOTFOUND|ECONNREFUSED|ConnectionRefused|FailedToOpenSocket|EAI_AGAIN|getaddrinfo/,
    "a RUN step needs the network (e.g. `bun install` from the npm registry): check that Docker's build containers can reach it",
  ],
];

const DEFAULT_STEP =
  "fix the Dockerfile or the files it copies (the output above is the build's own), check it with `docker build -f <dockerfile> <context>`, then run again";

export function buildNextStep(text: string): string {
  return NEXT_STEPS.find(([pattern]) => pattern.test(text))?.[1] ?? DEFAULT_STEP;
}

/** Runs one engine request; any failure becomes a typed Docker error naming the action. */
export async function dockerCall<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toDockerError(action, error);
  }
}

/** Runs one engine request where some HTTP statuses mean "already done" (e.g. 404 on remove). */
export async function dockerCallIgnoring(
  action: string,
  fn: () => Promise<unknown>,
  codes: number[],
): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (codes.includes((error as { statusCode?: number }).statusCode ?? 0)) return;
    throw toDockerError(action, error);
  }
}
