import { dockerfileInstructions } from "../image/dockerfile.ts";

/** What `init` reads from a Dockerfile's final stage: the ports it exposes and the program it starts. */
export interface DockerfileFacts {
  /** EXPOSE'd ports, in order (a `$VAR` or a range is skipped). */
  ports: number[];
  /** ENTRYPOINT then CMD, as words (exec form as written; shell form split on spaces); empty when neither is set. */
  command: string[];
  /** The first script the command names (`index.ts`, `src/server.js`), or null. */
  entryFile: string | null;
}

const SCRIPT = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** Exec form `["bun", "run", "index.ts"]` or shell form `bun run index.ts`. */
function words(args: string): string[] {
  const trimmed = args.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Docker runs a malformed exec form as shell form; so do we.
    }
  }
  return trimmed.split(/\s+/).filter((word) => word !== "");
}

/** The final stage's EXPOSE, ENTRYPOINT and CMD (the last of each wins, as in Docker). */
export function dockerfileFacts(text: string): DockerfileFacts {
  const instructions = dockerfileInstructions(text);
  const lastFrom = instructions.findLastIndex((instruction) => instruction.keyword === "FROM");
  const stage = instructions.slice(Math.max(0, lastFrom));
  const ports = stage
    .filter((instruction) => instruction.keyword === "EXPOSE")
    .flatMap((instruction) => words(instruction.args))
    .map((word) => word.match(/^(\d{1,5})(?:\/(?:tcp|udp))?$/i)?.[1])
    .map(Number)
    .filter((port) => Number.isInteger(port) && port >= 1 && port <= 65_535);
  const last = (keyword: string) => stage.findLast((instruction) => instruction.keyword === keyword);
  const entrypoint = last("ENTRYPOINT");
  const cmd = last("CMD");
  const command = [...(entrypoint ? words(entrypoint.args) : []), ...(cmd ? words(cmd.args) : [])];
  return { ports, command, entryFile: command.find((word) => SCRIPT.test(word)) ?? null };
}
