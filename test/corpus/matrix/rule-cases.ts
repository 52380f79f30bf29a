import type { MatrixCase } from "./matrix-case.ts";
import { many, VALID_MATRIX } from "./matrix-text.ts";

/** Include and exclude rules and profiles that name what does not exist, or are of the wrong shape. */
export function ruleCases(): MatrixCase[] {
  return [
    {
      name: "exclude everything: 0 cells",
      text: `${VALID_MATRIX}exclude: [{ scenario: throughput }]\n`,
      mentions: ["0 cells"],
    },
    {
      name: "exclude unknown scenario",
      text: `${VALID_MATRIX}exclude: [{ scenario: nope }]\n`,
      mentions: ["exclude[0].scenario"],
    },
    {
      name: "exclude unknown flag",
      text: `${VALID_MATRIX}exclude: [{ flags: { nope: 1 } }]\n`,
      mentions: ["nope"],
    },
    {
      name: "include unknown scenario",
      text: `${VALID_MATRIX}include: [{ scenario: nope }]\n`,
      mentions: ["include[0].scenario"],
    },
    {
      name: "include zero CPUs",
      text: `${VALID_MATRIX}include: [{ cpus: 0 }]\n`,
      mentions: ["include[0].cpus"],
    },
    { name: "include a string", text: `${VALID_MATRIX}include: x\n`, mentions: ["include"] },
    { name: "include unknown key", text: `${VALID_MATRIX}include: [{ cpu: 1 }]\n`, mentions: ["cpu"] },
    {
      name: "1001 include rules",
      text: `${VALID_MATRIX}include: [${many(1001, () => "{ cpus: 1 }")}]\n`,
      mentions: ["include", "at most 1000"],
    },
    {
      name: "defaultProfile unknown",
      text: `${VALID_MATRIX}defaultProfile: nope\nprofiles: { quick: {} }\n`,
      mentions: ["defaultProfile"],
    },
    {
      name: "profile with a bad axis",
      text: `${VALID_MATRIX}profiles: { quick: { axes: { cpus: [0] } } }\n`,
      mentions: ["profiles.quick.axes.cpus"],
    },
    {
      name: "profile name with a space",
      text: `${VALID_MATRIX}profiles: { "a b": {} }\n`,
      mentions: ["profiles"],
    },
    {
      name: "profile unknown key",
      text: `${VALID_MATRIX}profiles: { quick: { bogus: 1 } }\n`,
      mentions: ["bogus"],
    },
    { name: "profiles a list", text: `${VALID_MATRIX}profiles: [quick]\n`, mentions: ["profiles"] },
  ];
}
