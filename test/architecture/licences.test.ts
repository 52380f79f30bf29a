import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const repoRoot = join(import.meta.dir, "../..");
/** Copyleft licences this project may not ship or depend on (LGPL is not among them). */
const FORBIDDEN = /(^|[^L])(A?GPL|SSPL)/i;

type LockEntry = [
  string,
  string,
  { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }?,
];
interface Lock {
  workspaces: Record<string, { dependencies?: Record<string, string> }>;
  packages: Record<string, LockEntry>;
}

// bun.lock is JSON with trailing commas.
const lock = JSON.parse(
  readFileSync(join(repoRoot, "bun.lock"), "utf8").replace(/,(\s*[}\]])/g, "$1"),
) as Lock;

/** Every package key production code can load: package.json's dependencies and all they depend on. */
function productionClosure(): string[] {
  const seen = new Set<string>();
  const visit = (name: string, parent: string | null) => {
    const nested = parent ? `${parent}/${name}` : null;
    const key = nested && lock.packages[nested] ? nested : name;
    if (seen.has(key) || !lock.packages[key]) return;
    seen.add(key);
    const meta = lock.packages[key][2] ?? {};
    for (const dep of Object.keys({ ...meta.dependencies, ...meta.optionalDependencies })) visit(dep, key);
  };
  for (const name of Object.keys(lock.workspaces[""]?.dependencies ?? {})) visit(name, null);
  return [...seen];
}

/** The licence a package declares in its installed package.json (nested keys live in nested node_modules). */
function declaredLicence(key: string): string | null | "not installed" {
  const path = join(
    repoRoot,
    "node_modules",
    key.split("/").reduce((dir, part, i, parts) => {
      // Scoped names keep their slash: "@grpc/grpc-js" is one package, "dockerode/tar-fs" two.
      if (part.startsWith("@")) return dir;
      const name = i > 0 && parts[i - 1]?.startsWith("@") ? `${parts[i - 1]}/${part}` : part;
      return dir ? `${dir}/node_modules/${name}` : name;
    }, ""),
    "package.json",
  );
  // An optional dependency this platform did not install (e.g. a native add-on) is not shipped.
  if (!existsSync(path)) return "not installed";
  const pkg = JSON.parse(readFileSync(path, "utf8")) as {
    license?: unknown;
    licenses?: Array<{ type?: string }>;
  };
  if (typeof pkg.license === "string") return pkg.license;
  if (pkg.license && typeof pkg.license === "object") return String((pkg.license as { type?: string }).type);
  return pkg.licenses?.map((l) => l.type).join(" OR ") ?? null;
}

describe("licences of production dependencies", () => {
  const keys = productionClosure();

  test("the closure covers the direct dependencies and what they pull in", () => {
    expect(keys).toContain("zod");
    expect(keys).toContain("dockerode");
    expect(keys.length).toBeGreaterThan(Object.keys(lock.workspaces[""]?.dependencies ?? {}).length);
  });

  test("no AGPL, GPL or SSPL licence, and none missing", () => {
    const bad = keys
      .map((key) => ({ key, licence: declaredLicence(key) }))
      .filter(({ licence }) => licence === null || (licence !== "not installed" && FORBIDDEN.test(licence)));
    expect(bad).toEqual([]);
  });

  test("the rule itself catches the licences it must", () => {
    for (const licence of ["AGPL-3.0", "GPL-3.0-only", "SSPL-1.0", "(MIT OR GPL-2.0)"])
      expect(FORBIDDEN.test(licence)).toBe(true);
    for (const licence of ["MIT", "Apache-2.0", "BSD-3-Clause", "LGPL-3.0", "ISC"])
      expect(FORBIDDEN.test(licence)).toBe(false);
  });
});
