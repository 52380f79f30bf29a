/** The k6 binary the generator image is built from is not installed. */
export class GeneratorMissingError extends Error {
  override readonly name = "GeneratorMissingError";
  constructor(
    readonly binaryPath: string,
    readonly version: string,
  ) {
    super(
      `k6 ${version} is not installed at ${binaryPath}. Next step: run \`bash scripts/setup.sh --generator\` ` +
        "(or point BUN_CAPACITY_K6 at a k6 binary of that version).",
    );
  }
}
