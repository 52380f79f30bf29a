/** Malformed command lines of every command, generated; `{matrix}`, `{file}`, `{results}` are filled in by the test. */
export type FlagCase = { name: string; argv: string[]; mentions: string[] };

const HUGE = "9".repeat(400);
const values = (flag: string, bad: string[], prefix: string[] = []): FlagCase[] =>
  bad.map((value) => ({
    name: `${prefix[0] ?? "run"} ${flag} ${JSON.stringify(value.slice(0, 24))}`,
    argv: [...prefix, flag, value],
    mentions: [flag],
  }));

function runCases(): FlagCase[] {
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

function otherCases(): FlagCase[] {
  const size = ["--cpus", "1", "--memory", "512Mi", "--matrix", "{matrix}", "--results", "{results}"];
  const check = (
    argv: string[],
    mentions: string[],
    name = `check ${argv.join(" ").slice(0, 40)}`,
  ): FlagCase => ({ name, argv: ["check", ...argv], mentions });
  return [
    { name: "report unknown flag", argv: ["report", "--bogus"], mentions: ["--bogus"] },
    { name: "report two run ids", argv: ["report", "a", "b"], mentions: ["one run id"] },
    { name: "report --results without a value", argv: ["report", "--results"], mentions: ["needs a value"] },
    { name: "report --results empty", argv: ["report", "--results", ""], mentions: ["--results"] },
    { name: "report a missing run", argv: ["report", "nope", "--results", "{results}"], mentions: ["nope"] },
    {
      name: "report latest with no runs",
      argv: ["report", "--results", "{results}"],
      mentions: ["no run recorded"],
    },
    { name: "report -x", argv: ["report", "-x"], mentions: ["-x"] },
    { name: "compare no runs", argv: ["compare"], mentions: ["two run ids"] },
    { name: "compare one run", argv: ["compare", "a"], mentions: ["two run ids"] },
    { name: "compare three runs", argv: ["compare", "a", "b", "c"], mentions: ["two run ids"] },
    { name: "compare unknown flag", argv: ["compare", "--bogus", "a", "b"], mentions: ["--bogus"] },
    {
      name: "compare missing runs",
      argv: ["compare", "a", "b", "--results", "{results}"],
      mentions: ["not found"],
    },
    ...["0x10", "-1", "0", "1e300", "", "Infinity", HUGE, "1,2"].map((v) =>
      check(["--target", v, ...size], ["--target"]),
    ),
    check(size, ["--target"], "check without --target"),
    check(["--cpus", "9", "--memory", "512Mi", "--target", "1"], ["--cpus"]),
    check(["--cpus", "0x2", "--memory", "512Mi", "--target", "1"], ["--cpus"]),
    check(["--cpus", "1e300", "--memory", "512Mi", "--target", "1"], ["--cpus"]),
    check(["--cpus", "1", "--memory", "64Gi", "--target", "1"], ["--memory", "32Gi"]),
    check(["--cpus", "1", "--memory", HUGE, "--target", "1"], ["--memory"]),
    check(["--cpus", "1", "--target", "1"], ["together"]),
    check(["--memory", "512Mi", "--target", "1"], ["together"]),
    ...["0", "1.5", "1e3", "1001", "-2"].map((v) =>
      check(["--instances", v, "--target", "1", ...size], ["--instances"]),
    ),
    check(["--warn-pct", "20", "--fail-pct", "10", "--target", "1", ...size], ["--warn-pct"]),
    check(["--warn-pct", "101", "--target", "1", ...size], ["--warn-pct"]),
    check(["--fail-pct", "-1", "--target", "1", ...size], ["--fail-pct"]),
    check(["--smol=yes", "--target", "1", ...size], ["takes no value"]),
    check(
      ["--junit", "{results}", "--target", "1", ...size],
      ["--junit", "is a directory"],
      "check --junit a dir",
    ),
    check(
      ["--junit", "{file}/x.xml", "--target", "1", ...size],
      ["--junit", "is a file"],
      "check --junit under a file",
    ),
    check(
      ["--junit", "/proc/x.xml", "--target", "1", ...size],
      ["--junit", "not writable"],
      "check --junit in /proc",
    ),
    check(["extra", "--target", "1", ...size], ["no arguments"]),
    check(
      ["--target", "1", "--cpus", "1", "--memory", "512Mi", "--matrix", "/no/such.yaml"],
      ["/no/such.yaml"],
    ),
    check(
      [
        "--target",
        "1",
        "--cpus",
        "1",
        "--memory",
        "512Mi",
        "--matrix",
        "{badmatrix}",
        "--results",
        "{results}",
      ],
      ["axes.cpus"],
    ),
    check(["--target", "1", ...size, "--baseline", "nope"], ["nope"]),
    check(["--target", "1", ...size, "--scenario", "a b"], ["--scenario"]),
    check(["--target", "1", "--results", "{results}"], ["no latest run"], "check with no size and no runs"),
    check(["--bogus", "--target", "1"], ["--bogus"]),
  ];
}

export function flagCases(): FlagCase[] {
  return [...runCases(), ...otherCases()];
}
