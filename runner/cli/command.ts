import type { z } from "zod";
import type { FlagSet } from "./flags.ts";

/** Where a command writes and what it may read from its environment; tests pass their own. */
export interface CommandIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
  /** Aborted by SIGINT/SIGTERM once the command has entered its run phase (see CommandContext.startRunPhase). */
  signal: AbortSignal;
}

export interface CommandContext extends CommandIo {
  /** From here on a signal stops the work gracefully (containers cleaned up); before it, a signal exits at once. */
  startRunPhase: () => void;
  /** The signal that arrived, if any. */
  received: () => string | null;
}

/** One subcommand: its flags (one zod object: a new flag is one entry), its positionals and its pipeline. */
export interface Command<F extends FlagSet = FlagSet> {
  name: string;
  /** Usage line and description; the flags section is generated from `flags`. */
  usage: string;
  flags: F;
  positionals: { min: number; max: number; names: string };
  run: (input: { flags: z.output<F>; positionals: string[] }, context: CommandContext) => Promise<number>;
}

export function defineCommand<F extends FlagSet>(command: Command<F>): Command<F> {
  return command;
}
