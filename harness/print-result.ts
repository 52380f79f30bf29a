import { z } from "zod";
import { BenchResult } from "../contract/result.ts";

/** Route console.log/info/debug to stderr so stdout carries only the one result line. */
export function keepStdoutForResult(): void {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}

/** Thrown when the harness built a result that breaks the contract (a harness bug, not a user error). */
export class InvalidResultError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "InvalidResultError";
  }
}

/** Validates against the contract and writes exactly one JSON line to stdout. */
export async function printResult(result: unknown): Promise<void> {
  const parsed = BenchResult.safeParse(result);
  if (!parsed.success) {
    throw new InvalidResultError(
      `the scenario built a result that breaks the contract (a harness bug; report it):\n${z.prettifyError(parsed.error)}`,
      { cause: parsed.error },
    );
  }
  await Bun.write(Bun.stdout, `${JSON.stringify(parsed.data)}\n`);
}
