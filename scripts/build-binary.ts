// `bun scripts/build-binary.ts [--target host|linux-x64|linux-arm64|all] [--outdir DIR]` (`bun run build:binary`):
// the single-file bun-capacity, with the package's files (the npm package's own list) embedded as one tar.gz that
// the binary extracts to its cache folder on first run. Cross-compiling fetches the target's Bun from the npm registry.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { execa } from "execa";
import { z } from "zod";

const ROOT = resolve(import.meta.dir, "..");
const TARGETS = { "linux-x64": "bun-linux-x64", "linux-arm64": "bun-linux-arm64" } as const;
type Target = keyof typeof TARGETS;
/** The report reads the chart library from disk (resolved by its main file, inlined from its UMD build). */
const CHART_FILES = ["package.json", "dist/chart.js", "dist/chart.umd.min.js"].map(
  (file) => `node_modules/chart.js/${file}`,
);
const PackList = z
  .array(z.object({ version: z.string(), files: z.array(z.object({ path: z.string() })) }))
  .length(1);

const hostTarget = (): Target => (process.arch === "arm64" ? "linux-arm64" : "linux-x64");

/** Builds the binaries; returns their paths. */
export async function buildBinaries(targets: Target[], outDir: string): Promise<string[]> {
  const packed = PackList.parse(
    JSON.parse((await execa("npm", ["pack", "--dry-run", "--json"], { cwd: ROOT })).stdout),
  );
  const { version, files } = packed[0] as z.infer<typeof PackList>[number];
  const work = await mkdtemp(join(tmpdir(), "bun-capacity-binary-"));
  try {
    const assets = join(work, "assets.tar.gz");
    const paths = [...files.map((file) => file.path), ...CHART_FILES].sort();
    await execa("tar", [
      "-czf",
      assets,
      "-C",
      ROOT,
      "--owner=0",
      "--group=0",
      "--numeric-owner",
      "--",
      ...paths,
    ]);
    const key = `${version}-${createHash("sha256")
      .update(await Bun.file(assets).bytes())
      .digest("hex")
      .slice(0, 12)}`;
    const entry = join(work, "entry.ts");
    await Bun.write(
      entry,
      [
        'import assets from "./assets.tar.gz" with { type: "file" };',
        `import { extractAssets } from ${JSON.stringify(join(ROOT, "runner/package/extract-assets.ts"))};`,
        `process.env.BUN_CAPACITY_ASSETS_DIR = await extractAssets(assets, ${JSON.stringify(key)});`,
        `const { toolMain } = await import(${JSON.stringify(join(ROOT, "runner/bun-capacity.ts"))});`,
        "process.exit(await toolMain(process.argv.slice(2)));",
        "",
      ].join("\n"),
    );
    await mkdir(outDir, { recursive: true });
    const built: string[] = [];
    for (const target of targets) {
      const outfile = join(outDir, `bun-capacity-${target}`);
      const args = ["build", "--compile", `--target=${TARGETS[target]}`, entry, "--outfile", outfile];
      await execa("bun", args, { cwd: ROOT, stdio: ["ignore", "inherit", "inherit"] });
      console.error(
        `[build:binary] ${outfile}: ${((await stat(outfile)).size / 2 ** 20).toFixed(1)} MiB (${target}, assets ${key})`,
      );
      built.push(outfile);
    }
    return built;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { target: { type: "string", default: "all" }, outdir: { type: "string", default: "dist" } },
  });
  const all = Object.keys(TARGETS) as Target[];
  const wanted =
    values.target === "all" ? all : values.target === "host" ? [hostTarget()] : [values.target as Target];
  const unknown = wanted.filter((target) => !all.includes(target));
  if (unknown.length) {
    console.error(`--target ${values.target}: expected host, all, ${all.join(", ")}`);
    process.exit(2);
  }
  await buildBinaries(wanted, resolve(values.outdir));
}
