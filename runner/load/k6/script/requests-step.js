// The generator's own step script: a weighted mix of HTTP requests, all read from the BC_STEP variable.
import { mixSender, readStep, runStep, stepOptions, stepSummary } from "/bun-capacity/step-lib.js";

const step = readStep();
const send = mixSender(step);
export const options = stepOptions(step);
export default () => runStep(step, send);
export const handleSummary = (data) => stepSummary(step, data);
