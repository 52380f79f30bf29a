import { expect, test } from "bun:test";
import { dirname, join, relative, resolve } from "node:path";
import { CONTEXT_ENTRIES } from "../../runner/image/image-defaults.ts";

const root = join(import.meta.dir, "../..");

/** "@scope/name/sub" → "@scope/name", "name/sub" → "name". */
const packageName = (path: string) =>
  path
    .split("/")
    .slice(0, path.startsWith("@") ? 2 : 1)
    .join("/");

/** Every repo file service/main.ts loads, following relative imports; package imports are collected apart. */
async function importClosure(entry: string): Promise<{ files: Set<string>; packages: Set<string> }> {
  const transpiler = new Bun.Transpiler({ loader: "ts" });
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [resolve(root, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const rel = relative(root, file);
    if (files.has(rel)) continue;
    files.add(rel);
    for (const { path } of transpiler.scanImports(await Bun.file(file).text())) {
      if (path.startsWith(".")) queue.push(resolve(dirname(file), path));
      else if (!path.startsWith("node:") && path !== "bun") packages.add(packageName(path));
    }
  }
  return { files, packages };
}

test("the bench image carries service/ and everything service/main.ts imports", async () => {
  const dockerfile = await Bun.file(join(root, "Dockerfile")).text();
  const { files, packages } = await importClosure("service/main.ts");
  const folders = new Set([...files].map((file) => file.split("/")[0] as string));
  expect(folders).toContain("service");
  expect(folders).toContain("engine");
  for (const folder of folders) {
    expect(dockerfile).toContain(`COPY ${folder}/ ${folder}/`);
    expect(CONTEXT_ENTRIES).toContain(folder);
  }
  const pkg = await Bun.file(join(root, "package.json")).json();
  for (const name of packages) expect(Object.keys(pkg.dependencies)).toContain(name);
});
