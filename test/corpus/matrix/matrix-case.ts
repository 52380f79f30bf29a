/** A malformed matrix file, generated: YAML text (or bytes) and the words its error must contain. */
export type MatrixCase = { name: string; text: string | Uint8Array; mentions: string[]; flags?: string[] };
