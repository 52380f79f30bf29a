import { z } from "zod";
import { CalibrationFileError } from "./calibration-error.ts";
import { GeneratorCalibration } from "./generator-calibration.ts";

/** A stored calibration, validated; a broken file is an error naming it, never replaced by a new measurement. */
export async function readCalibration(path: string): Promise<GeneratorCalibration> {
  let json: unknown;
  try {
    json = JSON.parse(await Bun.file(path).text());
  } catch (error) {
    throw new CalibrationFileError(path, "is not valid JSON", { cause: error });
  }
  const parsed = GeneratorCalibration.safeParse(json);
  if (!parsed.success) throw new CalibrationFileError(path, z.prettifyError(parsed.error));
  return parsed.data;
}
