import type { GeneratorCalibration } from "./generator-calibration.ts";

/** A ceiling this close to the generator's calibrated maximum may be the generator's limit, not the service's. */
export const GENERATOR_MAX_SHARE = 0.8;

export interface GeneratorTrustInput {
  ceilingPerSec: number | null;
  serviceCpus: number;
  /** Measured generator CPU at the ceiling, in cores; null: estimated from the calibration's CPU per request. */
  generatorCores: number | null;
  hostCores: number;
}

export interface GeneratorTrust {
  trusted: boolean;
  /** Human sentences, one per reason not to trust the cell (it then counts as exceeds-host). */
  reasons: string[];
  generatorCores: number;
}

/** Flags a cell whose ceiling nears the generator's maximum, or whose service + generator CPUs exceed the host. */
export function generatorTrust(
  calibration: Pick<GeneratorCalibration, "maxRatePerSec" | "cpuSecondsPer1000">,
  input: GeneratorTrustInput,
): GeneratorTrust {
  const ceiling = input.ceilingPerSec ?? 0;
  const generatorCores = input.generatorCores ?? (ceiling * calibration.cpuSecondsPer1000) / 1000;
  const reasons: string[] = [];
  if (ceiling >= GENERATOR_MAX_SHARE * calibration.maxRatePerSec) {
    reasons.push(
      `ceiling ${ceiling.toFixed(0)}/s is within ${GENERATOR_MAX_SHARE * 100}% of the generator's calibrated maximum ` +
        `${calibration.maxRatePerSec.toFixed(0)}/s on this host`,
    );
  }
  if (input.serviceCpus + generatorCores > input.hostCores) {
    reasons.push(
      `service ${Number(input.serviceCpus.toFixed(2))} CPUs + generator ${generatorCores.toFixed(2)} CPUs exceed the host's ${input.hostCores} cores`,
    );
  }
  return { trusted: reasons.length === 0, reasons, generatorCores };
}
