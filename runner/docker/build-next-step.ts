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
