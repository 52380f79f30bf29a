import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import { InitInputError } from "./init-error.ts";

/** The Dockerfile's text, or a clear error naming it: missing, not a file, unreadable. */
export async function readText(path: string, what: string, nextStep: string): Promise<string> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new InitInputError(path, `no ${what} here`, nextStep);
  if (!info.isFile()) throw new InitInputError(path, `not a file (the ${what} must be a file)`, nextStep);
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw new InitInputError(
      path,
      `cannot read it (${(error as NodeJS.ErrnoException).code ?? error})`,
      nextStep,
      {
        cause: error,
      },
    );
  }
}

/** package.json's name, and its start script's or main's file when the Dockerfile names none. */
export async function packageFacts(folder: string): Promise<{ name: string | null; entry: string | null }> {
  const text = await readFile(resolve(folder, "package.json"), "utf8").catch(() => null);
  if (text === null) return { name: null, entry: null };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const path = resolve(folder, "package.json");
    throw new InitInputError(
      path,
      `not JSON (${(error as Error).message})`,
      "fix package.json, or run init where it is valid",
    );
  }
  const parsed = z
    .looseObject({
      name: z.string().optional(),
      main: z.string().optional(),
      module: z.string().optional(),
      scripts: z.record(z.string(), z.string()).optional(),
    })
    .safeParse(json);
  if (!parsed.success) return { name: null, entry: null };
  const start = parsed.data.scripts?.start?.split(/\s+/).find((word) => /\.[cm]?[jt]sx?$/.test(word));
  return { name: parsed.data.name ?? null, entry: start ?? parsed.data.module ?? parsed.data.main ?? null };
}
