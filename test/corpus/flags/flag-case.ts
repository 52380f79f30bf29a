/** A malformed command line and the words its error must contain; `{matrix}`, `{file}`, `{results}` are filled in by the test. */
export type FlagCase = { name: string; argv: string[]; mentions: string[] };
