// Session mode: one generator for many steps. Frames (contract SessionFrame) come one JSON line each on stdin; each
// step prints what a one-step run prints, then a SessionStepEnd line. A failed step ends the session with its exit
// code (the runner starts a fresh one); end of stdin ends it with 0.

import { z } from "zod";
import { type GeneratorStepConfig, SessionFrame, type SessionStepEnd } from "../contract/generator-step.ts";
import { checkStepConfig, GeneratorInputError } from "./load/read-step-config.ts";

/** Runs one step as a one-step process would and returns its summary line's object. */
export type RunStep = (config: GeneratorStepConfig, stdinSource?: string) => Promise<object>;

/** Reads frames until stdin closes; returns the exit code of the session. */
export async function runSession(runStep: RunStep, input = Bun.stdin.stream()): Promise<number> {
  let stdinSource: string | undefined;
  for await (const line of inputLines(input)) {
    if (line.trim() === "") continue;
    const cpu = process.cpuUsage();
    let exitCode = 0;
    try {
      const frame = parseFrame(line);
      if (frame.bcFrame === "workload") {
        stdinSource = frame.source;
        continue;
      }
      const config = checkStepConfig(frame.config, "session step frame");
      if (config.workload === "-" && stdinSource === undefined)
        throw new GeneratorInputError('workload "-": no workload frame came before this step');
      const summary = await runStep(config, stdinSource);
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    } catch (error) {
      exitCode = reportFailure(error);
    }
    const used = process.cpuUsage(cpu);
    const end: SessionStepEnd = { bcStepEnd: 1, exitCode, cpuSeconds: (used.user + used.system) / 1e6 };
    process.stdout.write(`${JSON.stringify(end)}\n`);
    if (exitCode !== 0) return exitCode;
  }
  return 0;
}

/** Writes the one stderr line a one-step run would and returns its exit code: 2 for bad input, else 1. */
export function reportFailure(error: unknown): number {
  const input = error instanceof GeneratorInputError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `bun-capacity generator: ${input ? "" : "failed: "}${message.replaceAll("\n", " ")}\n`,
  );
  return input ? 2 : 1;
}

function parseFrame(line: string): SessionFrame {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    throw new GeneratorInputError(`a session frame is not JSON: ${(error as Error).message}`);
  }
  const parsed = SessionFrame.safeParse(json);
  if (!parsed.success)
    throw new GeneratorInputError(`a session frame: ${z.prettifyError(parsed.error).replaceAll("\n", " ")}`);
  return parsed.data;
}

/** The input's lines as they complete (a frame is one line: JSON escapes a module's newlines). */
async function* inputLines(input: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = input.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    buffer += decoder.decode(read.value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      yield buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
    }
  }
  buffer += decoder.decode();
  if (buffer !== "") yield buffer;
}
