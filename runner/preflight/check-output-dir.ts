import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { FlagError } from "../cli/flag-error.ts";

/** The results directory must be a directory we can write, or creatable in one: found now, not after the first cell. */
export async function checkOutputDir(dir: string): Promise<void> {
  const fail = (problem: string) => new FlagError("--out", `--out ${JSON.stringify(dir)}: ${problem}`);
  let current = dir;
  for (;;) {
    const info = await stat(current).catch(() => null);
    if (info) {
      if (!info.isDirectory())
        throw fail(
          current === dir
            ? "is a file, not a directory; pass a directory"
            : `${current} is a file, so the directory cannot be created`,
        );
      const writable = await access(current, constants.W_OK).then(
        () => true,
        () => false,
      );
      if (!writable) throw fail(`${current} is not writable; pass a directory you can write`);
      return;
    }
    const parent = dirname(current);
    if (parent === current) throw fail("no existing parent directory");
    current = parent;
  }
}
