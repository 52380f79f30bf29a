/** Placeholders a command template may use; `{flags}` must be a whole item and expands to `--key=value` items. */
export const COMMAND_PLACEHOLDERS = [
  "scenario",
  "warmupSeconds",
  "durationSeconds",
  "stepSeconds",
  "sloP99Ms",
  "timeoutSeconds",
] as const;
export const FLAGS_TOKEN = "{flags}";

export type CommandValues = Record<(typeof COMMAND_PLACEHOLDERS)[number], string | number>;
export type FlagValue = string | number | boolean;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Why a template item is wrong, or null. */
export function checkCommandItem(item: string): string | null {
  if (item.includes(FLAGS_TOKEN) && item !== FLAGS_TOKEN)
    return `${FLAGS_TOKEN} must be a list item on its own`;
  for (const [, name] of item.matchAll(PLACEHOLDER)) {
    if (`{${name}}` === FLAGS_TOKEN) continue;
    if (!(COMMAND_PLACEHOLDERS as readonly string[]).includes(name ?? ""))
      return `unknown placeholder {${name}}; allowed: ${[...COMMAND_PLACEHOLDERS.map((p) => `{${p}}`), FLAGS_TOKEN].join(" ")}`;
  }
  return null;
}

/** Fills a template for one cell. */
export function expandCommand(
  template: readonly string[],
  values: CommandValues,
  flags: Record<string, FlagValue>,
): string[] {
  return template.flatMap((item) => {
    if (item === FLAGS_TOKEN) return Object.entries(flags).map(([key, value]) => `--${key}=${value}`);
    return [item.replace(PLACEHOLDER, (_, name: keyof CommandValues) => String(values[name]))];
  });
}

/** A template that passes {stepSeconds} runs a ceiling search (time ~ steps); otherwise a fixed-length run. */
export function usesStepSearch(template: readonly string[]): boolean {
  return template.some((item) => item.includes("{stepSeconds}"));
}
