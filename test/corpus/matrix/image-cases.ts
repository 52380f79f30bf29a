import type { MatrixCase } from "./matrix-case.ts";
import { OK_AXES, OK_SCENARIOS } from "./matrix-text.ts";

/** Image references that are not valid, and build settings that name nothing to build. */
export function imageCases(): MatrixCase[] {
  const refs = ["UPPER:1", '"a b"', "x::y", "-x", "x@sha256:zz", '"x:"', "x/", '"x:tag with space"'];
  return [
    ...refs.map((ref) => ({
      name: `image ${ref}`,
      text: `image: ${ref}\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["image"],
    })),
    {
      name: "build context missing",
      text: `build: { context: ./no-such-dir }\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["build.context", "does not exist"],
    },
    {
      name: "build dockerfile missing",
      text: `build: { context: ., dockerfile: Nope.Dockerfile }\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["build.dockerfile", "does not exist"],
    },
    {
      name: "build context is a file",
      text: `build: { context: ./matrix-file-as-context.yaml }\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["build.context"],
    },
    {
      name: "build context empty",
      text: `build: { context: "" }\n${OK_AXES}${OK_SCENARIOS}`,
      mentions: ["build.context"],
    },
    {
      name: "build and image both",
      text: `build: { context: . }\nimage: x:1\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["image"],
    },
    {
      name: "own image without command",
      text: `image: x:1\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["command"],
    },
    {
      name: "build args a list",
      text: `build: { args: [1] }\n${OK_AXES}${OK_SCENARIOS}`,
      mentions: ["build.args"],
    },
  ];
}
