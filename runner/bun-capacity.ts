#!/usr/bin/env bun
import { TOOL, useInstalledDefaults } from "./package/tool-home.ts";

/**
 * `bunx bun-capacity <run|report|compare|check|calibrate|probe|init> …`: the installed tool. The same commands and
 * flags as `bun runner/matrix.ts`, with a user's repository's defaults: results in ./bun-capacity-results, caches in
 * the user's cache folder, nothing written inside the package.
 */
export async function toolMain(argv: readonly string[]): Promise<number> {
  if (argv[0] === "--version" || argv[0] === "-v") {
    console.log(`bun-capacity ${TOOL.version} (Bun ${Bun.version})`);
    return 0;
  }
  useInstalledDefaults();
  // The commands read the defaults as they load, so they load after the line above.
  const { main } = await import("./matrix.ts");
  const named = (text: string) => text.replaceAll("bun runner/matrix.ts", "bun-capacity");
  return main(argv, { out: (text) => console.log(named(text)), err: (text) => console.error(named(text)) });
}

if (import.meta.main) process.exit(await toolMain(process.argv.slice(2)));
