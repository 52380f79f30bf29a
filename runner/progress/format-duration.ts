export { formatDuration } from "../units/units.ts";
