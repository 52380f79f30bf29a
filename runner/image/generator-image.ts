import { createHash } from "node:crypto";
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import type { DockerApi } from "../docker/docker-api.ts";
import { GeneratorMissingError } from "../load/k6/generator-missing-error.ts";
import {
  GENERATOR_IMAGE_REPO,
  IMAGE_SCRIPT_DIR,
  K6_SCRIPT_DIR,
  K6_SCRIPT_FILES,
  K6_UID,
  k6BinaryPath,
  readK6Version,
} from "../load/k6/k6-defaults.ts";
import { IMAGE_TAG_HASH_CHARS, INPUTS_HASH_LABEL } from "./image-defaults.ts";

const CHANGES = [
  "ENV PATH=/usr/local/bin:/usr/bin:/bin",
  "ENV HOME=/home/k6",
  // k6 would otherwise report usage over the network at the end of each run.
  "ENV K6_NO_USAGE_REPORT=true",
  "WORKDIR /tmp",
  `USER ${K6_UID}`,
  "LABEL bun-capacity.image=generator",
];

export interface GeneratorImage {
  ref: string;
  id: string;
  version: string;
  inputsHash: string;
  built: boolean;
}

export interface GeneratorImageOptions {
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}

/** The k6 image, imported offline from the installed binary and our scripts; cached by the hash of those inputs. */
export async function ensureGeneratorImage(
  docker: DockerApi,
  options: GeneratorImageOptions = {},
): Promise<GeneratorImage> {
  const log = options.log ?? ((line: string) => console.error(`[image] ${line}`));
  const version = await readK6Version();
  const binary = k6BinaryPath(version, options.env);
  if (!(await Bun.file(binary).exists())) throw new GeneratorMissingError(binary, version);
  const hash = await generatorInputsHash(binary);
  const ref = `${GENERATOR_IMAGE_REPO}:${version}-${hash.slice(0, IMAGE_TAG_HASH_CHARS)}`;
  const existing = await docker.inspectImage(ref);
  if (existing && existing.labels[INPUTS_HASH_LABEL] === hash) {
    return { ref, id: existing.id, version, inputsHash: hash, built: false };
  }
  log(`importing ${ref} from ${binary}`);
  const rootfs = await mkdtemp(join(tmpdir(), "bun-capacity-k6-"));
  try {
    await populateRootfs(rootfs, binary);
    const tar = execa("tar", ["-C", rootfs, "-c", "--owner=0", "--group=0", "--numeric-owner", "."], {
      buffer: false,
      stdout: "pipe",
    });
    const [repo, tag] = [GENERATOR_IMAGE_REPO, ref.slice(GENERATOR_IMAGE_REPO.length + 1)];
    const id = await docker.importImage(tar.stdout as unknown as NodeJS.ReadableStream, {
      repo,
      tag,
      changes: [...CHANGES, `LABEL ${INPUTS_HASH_LABEL}=${hash}`],
    });
    await tar;
    return { ref, id, version, inputsHash: hash, built: true };
  } finally {
    await rm(rootfs, { recursive: true, force: true });
  }
}

async function generatorInputsHash(binary: string): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`changes:${JSON.stringify(CHANGES)}\nk6:`);
  hash.update(new Uint8Array(await Bun.file(binary).arrayBuffer()));
  for (const file of K6_SCRIPT_FILES) {
    hash.update(`\nfile:${file}\n`);
    hash.update(await Bun.file(join(K6_SCRIPT_DIR, file)).text());
  }
  return hash.digest("hex");
}

async function populateRootfs(rootfs: string, binary: string): Promise<void> {
  await mkdir(join(rootfs, "usr/local/bin"), { recursive: true });
  await copyFile(binary, join(rootfs, "usr/local/bin/k6"));
  await chmod(join(rootfs, "usr/local/bin/k6"), 0o755);
  await mkdir(join(rootfs, IMAGE_SCRIPT_DIR), { recursive: true });
  for (const file of K6_SCRIPT_FILES)
    await copyFile(join(K6_SCRIPT_DIR, file), join(rootfs, IMAGE_SCRIPT_DIR, file));
  for (const dir of ["tmp", "etc", "home/k6"]) await mkdir(join(rootfs, dir), { recursive: true });
  await chmod(join(rootfs, "tmp"), 0o1777);
  await chmod(join(rootfs, "home/k6"), 0o777);
  await writeFile(
    join(rootfs, "etc/passwd"),
    `root:x:0:0:root:/root:/sbin/nologin\nk6:x:${K6_UID}:${K6_UID}:k6:/home/k6:/sbin/nologin\n`,
  );
  await writeFile(join(rootfs, "etc/group"), `root:x:0:\nk6:x:${K6_UID}:\n`);
}
