import { type FlagSet, flagMeta } from "./flag-registry.ts";

/** The flags section of a usage text, from the flag set itself (so a new flag documents itself). */
export function flagHelp(flags: FlagSet): string {
  const rows = Object.keys(flags.shape).map((name) => {
    const meta = flagMeta(flags, name);
    const short = meta.short ? `-${meta.short}, ` : "";
    return [`${short}--${name}${meta.kind === "value" ? ` ${meta.value}` : ""}`, meta.help] as const;
  });
  const width = Math.max(...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, help]) => `  ${left.padEnd(width)}${help}`).join("\n");
}
