/**
 * A value a server-mode k6 script declares about what it measures, on a comment line of its own:
 * `// bc-rate-unit: publishes/s` or `// bc-latency: end-to-end`. undefined when the script says nothing.
 */
export function scriptDeclaration(
  script: string | null | undefined,
  key: "bc-rate-unit" | "bc-latency",
): string | undefined {
  if (!script) return undefined;
  return script.match(new RegExp(`^//\\s*${key}:\\s*(\\S+)\\s*$`, "m"))?.[1];
}
