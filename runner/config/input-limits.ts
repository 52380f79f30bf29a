import { KIB } from "../units/units.ts";

/** Limits on user input, checked at the door (docs/matrix-reference.md, "Limits"); each keeps loading fast and memory small. */

/** A matrix file is a few KiB; 128 KiB leaves room and keeps YAML parsing (~3-6 µs/byte) under a second. */
export const MAX_MATRIX_FILE_BYTES = 128 * KIB;
/** A workload module is a few KiB; a user's is sent to every generator container. */
export const MAX_SCRIPT_FILE_BYTES = 1024 * KIB;
/** YAML aliases (*name) in one file; a few are handy, many are an expansion attack. */
export const MAX_YAML_ALIASES = 100;
/** Values in one list: an axis, a flag axis, a comma-separated flag. */
export const MAX_LIST_ITEMS = 100;
/** Entries of include, exclude, scenarios, profiles, env, flags. */
export const MAX_ENTRIES = 1000;
export const MAX_REPETITIONS = 100;
/** A sanity bound on any memory figure (1 TiB). */
export const MAX_MEMORY_BYTES = 2 ** 40;
/** Cells one run may plan, and container runs (cells x repetitions). */
export const MAX_PLANNED_CELLS = 10_000;
export const MAX_CONTAINER_RUNS = 100_000;
/** Longest accepted string value (a path, a flag value, an env value). */
export const MAX_TEXT_CHARS = 4096;
/** Sidecars of one service (each is a container started per repetition). */
export const MAX_SIDECARS = 16;
