/** Bad input (config, flags, workload module): main.ts prints its message as one line and exits 2. */
export class GeneratorInputError extends Error {
  override readonly name = "GeneratorInputError";
}
