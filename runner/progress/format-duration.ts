export { formatDuration } from "../units/format-duration.ts";
