/** The pieces malformed matrix files are built from: valid parts and a text builder per shape. */
export const OK_AXES = "axes: { cpus: [1], memory: [512Mi], smol: [false] }\n";
export const OK_SCENARIOS = "scenarios: { throughput: {} }\n";
export const VALID_MATRIX = `${OK_AXES}${OK_SCENARIOS}`;
export const withScenario = (settings: string) => `${OK_AXES}scenarios:\n  throughput: ${settings}\n`;
export const many = (count: number, item: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => item(i)).join(", ");
export const HUGE_DIGITS = "9".repeat(400);
