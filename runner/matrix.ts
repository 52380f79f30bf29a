import { runShell, type ShellIo } from "./cli/command-shell.ts";
import { calibrateCommand } from "./commands/calibrate.ts";
import { checkCommand } from "./commands/check/check.ts";
import { compareCommand } from "./commands/compare.ts";
import { initCommand } from "./commands/init.ts";
import { probeCommand } from "./commands/probe.ts";
import { reportCommand } from "./commands/report.ts";
import { runCommand } from "./commands/run.ts";

/** Every command; the first is the default (`bun runner/matrix.ts matrix.yaml` runs it). */
export const COMMANDS = [
  runCommand,
  reportCommand,
  compareCommand,
  checkCommand,
  probeCommand,
  calibrateCommand,
  initCommand,
] as const;

/** `bun runner/matrix.ts [run|report|compare|check|probe|calibrate|init] ...`: the shell picks the command and maps errors to exit codes. */
export function main(argv: readonly string[], io: ShellIo = {}): Promise<number> {
  return runShell(COMMANDS, argv, io);
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
