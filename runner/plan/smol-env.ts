/** The one place `--smol` reaches a container: BUN_OPTIONS, before any options the scenario sets itself. */
export function smolEnv(env: Record<string, string>, smol: boolean): Record<string, string> {
  if (!smol || /(^|\s)--smol(\s|$)/.test(env.BUN_OPTIONS ?? "")) return env;
  return { ...env, BUN_OPTIONS: env.BUN_OPTIONS ? `--smol ${env.BUN_OPTIONS}` : "--smol" };
}
