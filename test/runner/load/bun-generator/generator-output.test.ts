import { describe, expect, test } from "bun:test";
import { GeneratorStepSummary } from "../../../../contract/generator-step.ts";
import {
  GeneratorOutputError,
  parseGeneratorLine,
} from "../../../../runner/load/bun-generator/generator-output.ts";
import { stepSummary } from "./step-request.ts";

const parse = (stdout: string, stderr = "") =>
  parseGeneratorLine(stdout, stderr, "bcStepSummary", GeneratorStepSummary);

/** The error parse throws on `stdout`, or fails the test. */
function errorOf(stdout: string, stderr = ""): GeneratorOutputError {
  try {
    parse(stdout, stderr);
  } catch (error) {
    if (error instanceof GeneratorOutputError) return error;
    throw error;
  }
  throw new Error("parsed garbage");
}

describe("parseGeneratorLine", () => {
  test("the summary line among log lines, indented or not", () => {
    const line = JSON.stringify(stepSummary());
    expect(parse(`worker 0 ready\n  ${line}  \nclosing\n`)).toEqual(stepSummary());
  });

  test("the last summary line wins", () => {
    const first = JSON.stringify(stepSummary({ completed: 10 }));
    const last = JSON.stringify(stepSummary({ completed: 20 }));
    expect(parse(`${first}\n${last}\n`).completed).toBe(20);
  });

  test("garbage: no summary line, with the stderr tail for the reader", () => {
    const error = errorOf("Segmentation fault\n", "bun: out of memory");
    expect(error.message).toContain("no bcStepSummary line on stdout");
    expect(error.message).toContain("bun: out of memory");
    // A log line that merely mentions the marker is not a summary.
    expect(errorOf('the step printed "bcStepSummary" below\n').message).toContain("no bcStepSummary line");
  });

  test("a truncated line is not JSON; its start is quoted", () => {
    const cut = JSON.stringify(stepSummary()).slice(0, 60);
    const error = errorOf(`${cut}\n`);
    expect(error.message).toContain("the bcStepSummary line is not JSON");
    expect(error.message).toContain(cut.slice(0, 40));
  });

  test("a malformed line names the field", () => {
    const { started: _, ...missing } = stepSummary();
    expect(errorOf(JSON.stringify(missing)).message).toMatch(/bcStepSummary line is malformed.*started/s);
    const negative = JSON.stringify(stepSummary({ errors: -1 }));
    expect(errorOf(negative).message).toMatch(/malformed.*errors/s);
    const wrongVersion = JSON.stringify({ ...stepSummary(), bcStepSummary: 1 });
    expect(errorOf(wrongVersion).message).toContain("malformed");
  });

  test("a long stderr keeps only its tail (the end says what went wrong)", () => {
    const stderr = `${"x".repeat(5000)}THE END`;
    const error = errorOf("nothing", stderr);
    expect(error.stderrTail.length).toBe(1500);
    expect(error.stderrTail.endsWith("THE END")).toBe(true);
  });
});
