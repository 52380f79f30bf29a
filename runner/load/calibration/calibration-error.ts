/** A stored calibration file that cannot be read: never silently replaced. */
export class CalibrationFileError extends Error {
  override readonly name = "CalibrationFileError";
  constructor(
    readonly path: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${detail}. Next step: delete this file to calibrate the generator again.`, options);
  }
}
