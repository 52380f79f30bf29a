/** A profile over the file: mappings merge key by key, lists and scalars replace, null resets to the default. */
export function mergeProfile(
  base: Record<string, unknown>,
  override: Record<string, unknown>,
): Record<string, unknown> {
  const merged = deepMerge(base, withoutScenarios(override)) as Record<string, unknown>;
  if (override.build !== undefined && override.build !== null) delete merged.image;
  if (override.image !== undefined && override.image !== null) delete merged.build;
  if (isMapping(override.scenarios)) merged.scenarios = mergeScenarios(base.scenarios, override.scenarios);
  else if (override.scenarios === null) delete merged.scenarios;
  return merged;
}

/** The profile's scenarios come first, in its order, merged over the file's entries of the same name. */
function mergeScenarios(base: unknown, override: Record<string, unknown>): Record<string, unknown> {
  const baseScenarios = isMapping(base) ? base : {};
  const merged: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(override))
    merged[name] = deepMerge(baseScenarios[name] ?? {}, entry ?? {});
  for (const [name, entry] of Object.entries(baseScenarios)) if (!(name in merged)) merged[name] = entry;
  return merged;
}

function withoutScenarios(override: Record<string, unknown>): Record<string, unknown> {
  const { scenarios: _, ...rest } = override;
  return rest;
}

function deepMerge(base: unknown, override: unknown): unknown {
  if (!isMapping(override) || !isMapping(base)) return override;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === null) delete merged[key];
    else merged[key] = deepMerge(base[key], value);
  }
  return merged;
}

export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** True when the value at `path` of the merged body came from the profile (so errors point into the profile). */
export function profileDefines(override: Record<string, unknown>, path: readonly PropertyKey[]): boolean {
  let current: unknown = override;
  for (const segment of path) {
    if (!isMapping(current)) return Array.isArray(current) || current !== undefined;
    if (!(String(segment) in current)) return false;
    current = current[String(segment)];
  }
  return current !== undefined;
}
