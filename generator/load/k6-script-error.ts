import { GeneratorInputError } from "./generator-input-error.ts";

const K6_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']k6(?:\/[^"']*)?["']/;

/** A k6 script (it imports "k6" or "k6/..."): refused with a pointer to the workload API that replaced it. */
export function refuseK6Script(source: string, where: string): void {
  if (!K6_IMPORT.test(source)) return;
  throw new GeneratorInputError(
    `${where} is a k6 script: k6 scripts are no longer run. Write a workload module against generator/api/workload.ts ` +
      "instead: a default-exported object with flags?, open() (returning a send function) and close?() for a paced " +
      "workload, or flags? and run() for a fixed one.",
  );
}
