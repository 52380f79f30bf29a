import type { FlagCase } from "./flag-case.ts";

const HUGE = "9".repeat(400);

/** The other commands (report, compare, check): bad values, missing runs and unknown flags. */
export function otherFlagCases(): FlagCase[] {
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
    ...initFlagCases(),
  ];
}

/** init: bad flags, a file it must not overwrite, a Dockerfile that is missing or not a file (all before Docker). */
function initFlagCases(): FlagCase[] {
  const fresh = "{results}/init-matrix.yaml";
  const init = (
    argv: string[],
    mentions: string[],
    name = `init ${argv.join(" ").slice(0, 40)}`,
  ): FlagCase => ({
    name,
    argv: ["init", ...argv],
    mentions,
  });
  return [
    init(["--bogus", fresh], ["--bogus"]),
    ...["0", "65536", "abc", "", "1.5", "-1", HUGE].map((v) => init([fresh, "--port", v], ["--port"])),
    init([fresh, "--dockerfile", ""], ["--dockerfile"]),
    init([fresh, "--force=yes"], ["takes no value"]),
    init([fresh, "other.yaml"], ["at most one"]),
    init(["{file}"], ["already exists", "--force"], "init over an existing file"),
    init([fresh, "--dockerfile", "/no/such/Dockerfile"], ["/no/such/Dockerfile", "no Dockerfile"]),
    init([fresh, "--dockerfile", "{results}"], ["not a file"], "init --dockerfile a folder"),
  ];
}
