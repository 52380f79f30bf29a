import type { FlagCase } from "./flag-case.ts";

const HUGE = "9".repeat(400);
const values = (flag: string, bad: string[], prefix: string[] = []): FlagCase[] =>
  bad.map((value) => ({
    name: `${prefix[0] ?? "run"} ${flag} ${JSON.stringify(value.slice(0, 24))}`,
    argv: [...prefix, flag, value],
    mentions: [flag],
  }));

/** `run`: a bad value for each flag, and command lines of the wrong shape. */
export function runFlagCases(): FlagCase[] {
  const run = (argv: string[]) => ["{matrix}", "--dry-run", "--out", "{results}", ...argv];
  const valueCases = [
    ...values("--cpus", [
      "",
      "0x10",
      "1e300",
      "Infinity",
      "NaN",
      "-1",
      "0",
      "9999",
      "1,,2",
      "1,1",
      "+1",
      "1_000",
      "0.5.5",
      "１",
      HUGE,
      Array.from({ length: 101 }, (_, i) => String(i + 1)).join(","),
      " ",
      "0.001",
    ]),
    ...values("--memory", [
      "",
      "lots",
      "5Mi",
      HUGE,
      "1e3",
      "0x10",
      "2Ti",
      "512Mi,512Mi",
      "-1Mi",
      "Infinity",
      `${HUGE}Mi`,
      "1.5B",
    ]),
    ...values("--smol", ["", "yes", "maybe", "1", "true,false"]),
    ...values("--scenario", ["", "a b", "throughput,throughput", "../x", "a/b"]),
    ...values("--reps", ["", "0", "-1", "1.5", "1e12", "101", "0x10", "Infinity", HUGE, "1,2"]),
    ...values("--profile", ["", "a b", "../x"]),
    ...values("--resume", ["", "../x", ".x", "a/b", "x".repeat(200)]),
    ...values("--out", [""]),
  ].map((c) => ({ ...c, argv: run(c.argv) }));
  const structural: FlagCase[] = [
    {
      name: "run --cpus 9 (over Cloud Run without --force)",
      argv: run(["--cpus", "9"]),
      mentions: ["8 CPUs", "--force"],
    },
    {
      name: "run --memory 33Gi (over Cloud Run without --force)",
      argv: run(["--memory", "33Gi"]),
      mentions: ["32Gi"],
    },
    { name: "run --scenario not in the matrix", argv: run(["--scenario", "fanout"]), mentions: ["fanout"] },
    { name: "run --profile not in the matrix", argv: run(["--profile", "nope"]), mentions: ["nope"] },
    {
      name: "run --out is a file",
      argv: ["{matrix}", "--dry-run", "--out", "{file}"],
      mentions: ["--out", "is a file"],
    },
    {
      name: "run --out under a file",
      argv: ["{matrix}", "--dry-run", "--out", "{file}/sub"],
      mentions: ["--out", "is a file"],
    },
    {
      name: "run --resume of a missing run with --dry-run",
      argv: ["--resume", "2020-01-01T00-00-00Z-abc", "--dry-run", "--out", "{results}"],
      mentions: ["run.json"],
    },
    {
      name: "run --resume with a flag that shapes the plan",
      argv: ["--resume", "2020-01-01T00-00-00Z-abc", "--cpus", "2", "--out", "{results}"],
      mentions: ["--cpus", "resumed run"],
    },
    {
      name: "run --resume of a missing run",
      argv: ["--resume", "2020-01-01T00-00-00Z-abc", "--out", "{results}"],
      mentions: ["run.json"],
    },
    { name: "run unknown flag", argv: run(["--bogus"]), mentions: ["--bogus"] },
    { name: "run flag typo", argv: run(["--cpu", "1"]), mentions: ["did you mean --cpus"] },
    { name: "run short flag", argv: run(["-x"]), mentions: ["-x"] },
    { name: "run --cpus without a value", argv: ["{matrix}", "--cpus"], mentions: ["needs a value"] },
    {
      name: "run --cpus followed by a flag",
      argv: ["{matrix}", "--cpus", "--force"],
      mentions: ["needs a value"],
    },
    { name: "run --dry-run=yes", argv: ["{matrix}", "--dry-run=yes"], mentions: ["takes no value"] },
    { name: "run --force=1", argv: run(["--force=1"]), mentions: ["takes no value"] },
    { name: "run --help=1", argv: ["--help=1"], mentions: ["takes no value"] },
    { name: "run a flag twice", argv: run(["--reps", "1", "--reps", "2"]), mentions: ["twice"] },
    { name: "run two matrix files", argv: ["{matrix}", "{matrix}", "--dry-run"], mentions: ["at most one"] },
    {
      name: "run 201 arguments",
      argv: ["{matrix}", ...Array.from({ length: 200 }, () => "x")],
      mentions: ["at most 200"],
    },
    {
      name: "run a 5000-character argument",
      argv: ["{matrix}", `--out=${"x".repeat(5000)}`],
      mentions: ["4096"],
    },
    { name: "run --=x", argv: run(["--=x"]), mentions: ["unknown flag"] },
    { name: "run ---x", argv: run(["---x"]), mentions: ["unknown flag"] },
    {
      name: "run a missing matrix file",
      argv: ["/no/such/matrix.yaml", "--dry-run"],
      mentions: ["/no/such/matrix.yaml", "no such file"],
    },
    { name: "run a directory as the matrix", argv: ["{results}", "--dry-run"], mentions: ["not a file"] },
    { name: "run /dev/null as the matrix", argv: ["/dev/null", "--dry-run"], mentions: ["not a file"] },
  ];
  return [...valueCases, ...structural];
}
