import { runCommand } from "./commands/run.ts";
import { printFailure } from "./execute/print-failure.ts";

type Command = (argv: string[]) => Promise<number>;

/** Subcommands other than run live in runner/commands/<name>.ts, each exporting `<name>Command(argv)`. */
const OTHER_COMMANDS = ["report", "compare", "check"] as const;

/** `bun runner/matrix.ts [run|report|compare|check] ...`: dispatches and exits with the command's code. */
export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  const name = OTHER_COMMANDS.find((command) => command === first);
  if (!name) return runCommand(argv);
  const module = (await import(`./commands/${name}.ts`)) as Record<string, Command | undefined>;
  const command = module[`${name}Command`];
  if (!command) {
    console.error(`error: the ${name} command is not available in this checkout`);
    return 1;
  }
  return command(rest);
}

if (import.meta.main) {
  const code = await main(process.argv.slice(2)).catch(printFailure);
  process.exit(code);
}
