import { MIB } from "../units/bytes.ts";

/** A size as the findings and every report write it: "0.5 vCPU / 256 MiB --smol". */
export const sizeLabel = (c: { cpus: number; memoryBytes: number; smol: boolean }): string =>
  `${c.cpus} vCPU / ${Math.round(c.memoryBytes / MIB)} MiB${c.smol ? " --smol" : ""}`;
