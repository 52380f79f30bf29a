import type { MatrixCase } from "./matrix-case.ts";
import { HUGE_DIGITS, many, OK_SCENARIOS } from "./matrix-text.ts";

/** Malformed axes: cpus, memory and smol values no cell can run with. */
export function axisCases(): MatrixCase[] {
  const cpus = [
    "0",
    "-1",
    "0.001",
    "a",
    "0x10",
    "0o17",
    "0b1",
    "1e300",
    ".inf",
    "-.inf",
    ".nan",
    HUGE_DIGITS,
    "10000",
    "2000",
    "null",
    "[]",
    "{a: 1}",
    "true",
    '"1"',
    "1, 1",
    "9",
    "8.5",
    "1e-300",
  ];
  const memory = [
    "5Mi",
    "lots",
    "-1",
    "1e3Mi",
    "0x10Mi",
    HUGE_DIGITS,
    `${HUGE_DIGITS}Mi`,
    "2Ti",
    "33Gi",
    "1.5",
    "512 Mi Mi",
    "512Mi, 0.5Gi",
    ".inf",
    "0",
    "1.5B",
    "0x20000000",
    "[1Gi]",
    "null",
  ];
  const smol = ["yes", "1", "maybe", "null", "false, false", "[true]", "0x1"];
  return [
    ...cpus.map((v) => ({
      name: `axes.cpus [${v.slice(0, 20)}]`,
      text: `axes: { cpus: [${v}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.cpus"],
    })),
    ...memory.map((v) => ({
      name: `axes.memory [${v.slice(0, 20)}]`,
      text: `axes: { memory: [${v}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.memory"],
    })),
    ...smol.map((v) => ({
      name: `axes.smol [${v}]`,
      text: `axes: { smol: [${v}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.smol"],
    })),
    { name: "axes.cpus a scalar", text: `axes: { cpus: 1 }\n${OK_SCENARIOS}`, mentions: ["axes.cpus"] },
    { name: "axes.cpus empty", text: `axes: { cpus: [] }\n${OK_SCENARIOS}`, mentions: ["axes.cpus"] },
    { name: "axes unknown key", text: `axes: { cpu: [1] }\n${OK_SCENARIOS}`, mentions: ["cpu"] },
    { name: "axes a list", text: `axes: [1]\n${OK_SCENARIOS}`, mentions: ["axes"] },
    {
      name: "101 CPU values",
      text: `axes: { cpus: [${many(101, (i) => String(0.01 * (i + 1)).slice(0, 6))}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.cpus", "at most 100"],
    },
    {
      name: "101 memory values",
      text: `axes: { memory: [${many(101, (i) => `${i + 6}Mi`)}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.memory", "at most 100"],
    },
    {
      name: "100k distinct values (over the size limit)",
      text: `axes: { cpus: [${many(100_000, (i) => String(i + 1))}] }\n${OK_SCENARIOS}`,
      mentions: ["128 KiB"],
    },
    {
      name: "100k repeats of one value (over the size limit)",
      text: `axes: { cpus: [${many(100_000, () => "1")}] }\n${OK_SCENARIOS}`,
      mentions: ["128 KiB"],
    },
    {
      name: "20k distinct values just under the size limit",
      text: `axes: { cpus: [${many(20_000, (i) => String(i + 1))}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.cpus", "at most 100"],
    },
    {
      name: "40k repeats of one value just under the size limit",
      text: `axes: { cpus: [${many(40_000, () => "1")}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.cpus"],
    },
    { name: "cpus over Cloud Run's 8", text: `axes: { cpus: [16] }\n${OK_SCENARIOS}`, mentions: ["8 CPUs"] },
    {
      name: "memory over Cloud Run's 32Gi",
      text: `axes: { memory: [64Gi] }\n${OK_SCENARIOS}`,
      mentions: ["32Gi"],
    },
  ];
}
