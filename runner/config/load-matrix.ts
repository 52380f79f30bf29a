import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { z } from "zod";
import { FEW_ENTRIES, fewEntries, mappingError, ProfileName } from "./field-schemas.ts";
import { MAX_MATRIX_FILE_BYTES } from "./input-limits.ts";
import { BODY_KEYS, MatrixBody } from "./matrix-body.ts";
import { locateIssue, MatrixError, type RawIssue } from "./matrix-error.ts";
import { isMapping, mergeProfile, profileDefines } from "./merge-profile.ts";
import { resolveVariant } from "./resolve-variant.ts";
import type { Matrix, MatrixVariant } from "./resolved-matrix.ts";
import { strictObject } from "./strict-object.ts";
import { yamlIssues } from "./yaml-guard.ts";

const LOCATED_ISSUES = 10;

const wholeFile = (file: string, message: string, cause?: unknown) =>
  new MatrixError(file, [{ path: "", line: null, column: null, message }], {
    cause,
    nextStep: "Check the path and run again.",
  });

/** Reads and validates a matrix file: every profile is merged and checked now, so a bad one fails before any run. */
export function loadMatrix(file: string): Matrix {
  let text: string;
  try {
    const info = statSync(file);
    if (!info.isFile())
      throw wholeFile(file, "is not a file; pass the path of a matrix file, e.g. matrix.yaml");
    if (info.size > MAX_MATRIX_FILE_BYTES) throw tooBig(file, info.size);
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof MatrixError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "no such file" : (code ?? String(error));
    throw wholeFile(
      file,
      `cannot read it (${reason}); pass the path of a matrix file, e.g. \`bun runner/matrix.ts matrix.yaml\`, or write one from your Dockerfile with \`bun runner/matrix.ts init\``,
      error,
    );
  }
  return parseMatrix(text, file);
}

function tooBig(file: string, bytes: number): MatrixError {
  return new MatrixError(
    file,
    [
      {
        path: "",
        line: null,
        column: null,
        message: `is ${bytes} bytes; a matrix file may have at most ${MAX_MATRIX_FILE_BYTES} bytes (128 KiB)`,
      },
    ],
    {
      nextStep: 'Use axes and flag lists instead of spelling out cells (docs/matrix-reference.md, "Limits").',
    },
  );
}

/** Same as loadMatrix for text already in memory; `file` names it in errors and anchors relative paths. */
export function parseMatrix(text: string, file: string): Matrix {
  if (text.length > MAX_MATRIX_FILE_BYTES) throw tooBig(file, Buffer.byteLength(text));
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, merge: true, prettyErrors: true, uniqueKeys: true });
  const syntaxError = doc.errors[0];
  if (syntaxError) {
    const position = syntaxError.linePos?.[0];
    const reason = syntaxError.message.split(/ at line \d+/)[0];
    const message = `malformed YAML: ${reason}`;
    throw new MatrixError(file, [
      { path: "", line: position?.line ?? null, column: position?.col ?? null, message },
    ]);
  }
  const unsafe = yamlIssues(doc, lines);
  if (unsafe.length > 0) throw new MatrixError(file, unsafe);
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: -1 }) ?? {};
  } catch (error) {
    // yamlIssues should have caught it; still a clean error naming the file.
    throw wholeFile(file, `malformed YAML: ${(error as Error).message}`, error);
  }
  const fail = (issues: RawIssue[]) =>
    new MatrixError(
      file,
      // Only the shown issues are located (a 40k-item list can carry 40k issues); the rest are counted.
      issues.map((issue, index) =>
        index < LOCATED_ISSUES
          ? locateIssue(doc, lines, issue)
          : { path: "", line: null, column: null, message: "" },
      ),
    );
  if (!isMapping(raw))
    throw fail([{ path: [], message: "expected a mapping at the top (keys like axes, scenarios)" }]);

  const parsedFile = MatrixFile.safeParse(raw, { reportInput: true });
  if (!parsedFile.success) throw fail(parsedFile.error.issues);
  const baseRaw = Object.fromEntries(BODY_KEYS.filter((key) => key in raw).map((key) => [key, raw[key]]));
  const baseBody = MatrixBody.safeParse(baseRaw, { reportInput: true });
  if (!baseBody.success) throw fail(baseBody.error.issues);

  const profilesRaw = parsedFile.data.profiles ?? {};
  const profileNames = Object.keys(profilesRaw);
  const defaultProfile = parsedFile.data.defaultProfile ?? null;
  const issues: RawIssue[] = [];
  if (defaultProfile !== null && !profileNames.includes(defaultProfile))
    issues.push({
      path: ["defaultProfile"],
      input: defaultProfile,
      message: `is not a profile of this file; profiles: ${profileNames.join(", ") || "none (add a profiles section)"}`,
    });

  const matrixDir = path.dirname(path.resolve(file));
  const resolveOptions = { matrixDir };
  let base: MatrixVariant | null = null;
  if (defaultProfile === null) {
    const resolved = resolveVariant(baseBody.data, { ...resolveOptions, profile: null, selected: null });
    issues.push(...resolved.issues);
    base = resolved.variant;
  }
  const profiles: Record<string, MatrixVariant> = {};
  for (const [name, override] of Object.entries(profilesRaw)) {
    const attribute = (issue: RawIssue): RawIssue =>
      profileDefines(override, issue.path)
        ? { ...issue, path: ["profiles", name, ...issue.path] }
        : { ...issue, note: ` (with profile "${name}")` };
    const merged = MatrixBody.safeParse(mergeProfile(baseRaw, override), { reportInput: true });
    if (!merged.success) {
      issues.push(...merged.error.issues.map(attribute));
      continue;
    }
    const selected = isMapping(override.scenarios) ? Object.keys(override.scenarios) : null;
    const resolved = resolveVariant(merged.data, { ...resolveOptions, profile: name, selected });
    issues.push(...resolved.issues.map(attribute));
    profiles[name] = resolved.variant;
  }
  if (issues.length > 0) throw fail(issues);
  return { path: file, defaultProfile, base, profiles };
}

/** Top-level keys only; bodies (the file's own and each profile merged over it) are checked by MatrixBody. */
const rawBodyShape = Object.fromEntries(BODY_KEYS.map((key) => [key, z.unknown().optional()])) as Record<
  (typeof BODY_KEYS)[number],
  z.ZodOptional<z.ZodUnknown>
>;

export const ProfileOverride = z.preprocess(
  (value) => (value === null ? {} : value),
  strictObject(rawBodyShape),
);
export type ProfileOverride = z.output<typeof ProfileOverride>;

export const MatrixFile = strictObject({
  ...rawBodyShape,
  defaultProfile: ProfileName.optional(),
  profiles: z
    .record(ProfileName, ProfileOverride, mappingError("profile name: overrides"))
    .refine(fewEntries, FEW_ENTRIES)
    .optional(),
});
