import type { Command, CommandContext, CommandIo } from "./command.ts";
import { describeFailure, EXIT, signalExitCode } from "./exit-codes.ts";
import { booleanFlag, FlagError, flagHelp, parseFlags } from "./flags.ts";

export type ShellIo = Partial<CommandIo> & {
  /** Leaves the process; tests pass their own. */
  exit?: (code: number) => void;
};

const SIGNALS = ["SIGINT", "SIGTERM"] as const;
const HELP = { help: booleanFlag("print this help", "h") };

/** The usage text of a command: its own lines and the flags generated from its schema. */
export function commandUsage(command: Command): string {
  return `${command.usage}\n\nFlags (each at most once; --flag VALUE or --flag=VALUE):\n${flagHelp(command.flags.extend(HELP))}`;
}

/**
 * The one shell around every command: signals, flags, help, the command's pipeline, and the mapping of
 * typed errors to exit codes and one-paragraph messages. `commands[0]` is the default command.
 */
export async function runShell(
  commands: readonly Command[],
  argv: readonly string[],
  io: ShellIo = {},
): Promise<number> {
  const named = commands.find((command) => command.name === argv[0]);
  const command = named ?? (commands[0] as Command);
  const args = named ? argv.slice(1) : argv;
  const out = io.out ?? ((text: string) => console.log(text));
  const err = io.err ?? ((text: string) => console.error(text));
  const exit = io.exit ?? ((code: number) => process.exit(code));
  const controller = new AbortController();
  let runPhase = false;
  let received: string | null = null;
  const handlers = SIGNALS.map((name) => {
    const handler = () => {
      // Before the run phase there is nothing to clean up; a second signal always exits at once.
      if (!runPhase || received) return exit(signalExitCode(name));
      received = name;
      err(`\n[${command.name}] ${name}: stopping the current container and cleaning up (again to force)`);
      controller.abort(name);
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  const context: CommandContext = {
    out,
    err,
    env: io.env ?? process.env,
    signal: io.signal ?? controller.signal,
    startRunPhase: () => {
      runPhase = true;
    },
    received: () => received,
  };
  try {
    const parsed = parseFlags(command.flags.extend(HELP), args, command.name);
    if (parsed.flags.help) {
      out(commandUsage(command));
      return EXIT.ok;
    }
    const { min, max, names } = command.positionals;
    if (parsed.positionals.length < min || parsed.positionals.length > max)
      throw new FlagError(
        "",
        `${command.name} takes ${names}; got ${parsed.positionals.length} argument(s)`,
        {
          command: command.name,
        },
      );
    return await command.run(parsed, context);
  } catch (error) {
    const failure = describeFailure(error);
    err(failure.message);
    if (context.env.BUN_CAPACITY_DEBUG === "1" && error instanceof Error) err(error.stack ?? "");
    return failure.code;
  } finally {
    for (const [name, handler] of handlers) process.off(name, handler);
  }
}
