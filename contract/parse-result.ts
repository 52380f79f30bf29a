import { z } from "zod";
import { BenchResult } from "./result.ts";

export type BadOutputKind = "empty" | "multiple-lines" | "not-json" | "schema";

/** A container's stdout that is not exactly one valid result line. */
export class BadOutputError extends Error {
  constructor(
    readonly kind: BadOutputKind,
    message: string,
    readonly rawOutput: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "BadOutputError";
  }
}

/** Parses a bench container's whole stdout: exactly one non-empty line holding one contract result. */
export function parseResult(stdout: string): BenchResult {
  const lines = stdout.split("\n").filter((line) => line.trim() !== "");
  if (lines.length === 0) {
    throw new BadOutputError(
      "empty",
      "the container printed nothing on stdout; it must print one JSON line",
      stdout,
    );
  }
  if (lines.length > 1) {
    throw new BadOutputError(
      "multiple-lines",
      `the container printed ${lines.length} lines on stdout; it must print exactly one JSON line (send logs to stderr)`,
      stdout,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(lines[0] as string);
  } catch (cause) {
    throw new BadOutputError(
      "not-json",
      "stdout is not JSON: send logs to stderr and print one JSON line",
      stdout,
      {
        cause,
      },
    );
  }
  const parsed = BenchResult.safeParse(json);
  if (!parsed.success) {
    throw new BadOutputError(
      "schema",
      `the result does not match the contract (schemaVersion 1):\n${z.prettifyError(parsed.error)}`,
      stdout,
      { cause: parsed.error },
    );
  }
  return parsed.data;
}
