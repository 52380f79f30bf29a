import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, normalize, resolve } from "node:path";
import { execa } from "execa";

export interface ContextTar {
  stream: NodeJS.ReadableStream;
  /** Resolves once tar has exited and the staged Dockerfile is removed. */
  done: Promise<void>;
}

/**
 * The build context as a tar stream (owner root, as the Docker CLI sends it); with `dockerfileText`, the Dockerfile
 * entry carries that text instead of the file on disk (a stand-in base swapped into FROM), the file left untouched.
 */
export async function contextTar(
  context: string,
  files: string[],
  dockerfile: string,
  dockerfileText: string | null,
): Promise<ContextTar> {
  const owner = ["--owner=0", "--group=0", "--numeric-owner"];
  if (dockerfileText === null) {
    const tar = execa("tar", ["-C", context, "-c", ...owner, "--", ...files], {
      buffer: false,
      stdout: "pipe",
    });
    return { stream: tar.stdout as unknown as NodeJS.ReadableStream, done: tar.then(() => undefined) };
  }
  const name = normalize(dockerfile);
  const stage = await mkdtemp(join(tmpdir(), "bun-capacity-dockerfile-"));
  await mkdir(dirname(join(stage, name)), { recursive: true });
  await writeFile(join(stage, name), dockerfileText);
  // -C is relative to the previous -C, so both are absolute.
  const rest = files.filter((file) => file !== name);
  const args = [
    "-c",
    ...owner,
    "-C",
    stage,
    name,
    ...(rest.length ? ["-C", resolve(context), "--", ...rest] : []),
  ];
  const tar = execa("tar", args, { buffer: false, stdout: "pipe" });
  const done = tar.then(
    () => rm(stage, { recursive: true, force: true }),
    async (error: unknown) => {
      await rm(stage, { recursive: true, force: true });
      throw error;
    },
  );
  return { stream: tar.stdout as unknown as NodeJS.ReadableStream, done };
}
