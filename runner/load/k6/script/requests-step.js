// The generator's own step script: a weighted mix of HTTP requests, all read from the BC_STEP variable.
import { readStep, scheduled, sendFromMix, stepOptions, stepSummary } from "/bun-capacity/step-lib.js";

const step = readStep();
export const options = stepOptions(step);
export default () => scheduled(step, (index) => sendFromMix(step, index));
export const handleSummary = (data) => stepSummary(step, data);
