import { envChoice } from "./env.js";

const KB = 1024;
/** The benchmarking plan's message-size mixes: [bytes, percent] pairs. */
export const MIXES = {
  small: [[KB, 100]],
  medium: [[10 * KB, 100]],
  large: [[500 * KB, 100]],
  mixed: [
    [KB, 90],
    [500 * KB, 10],
  ],
  "mixed-heavy": [
    [KB, 50],
    [500 * KB, 50],
  ],
  "full-spectrum": [
    [KB, 70],
    [10 * KB, 20],
    [500 * KB, 8],
    [1024 * KB, 2],
  ],
};

/** JSON-quoted payload per size, built once per VU; picked by index so proportions are exact per 100. */
export function payloadPicker(mixName = envChoice("PAYLOAD_MIX", "small", Object.keys(MIXES))) {
  const slots = [];
  const quoted = {};
  for (const [bytes, percent] of MIXES[mixName]) {
    if (quoted[bytes] === undefined) quoted[bytes] = JSON.stringify("x".repeat(bytes));
    for (let i = 0; i < percent; i++) slots.push(bytes);
  }
  return (index) => {
    // 37 is coprime with 100: consecutive messages walk the slots spread out, every 100 cover each once.
    const bytes = slots[(index * 37) % 100];
    return { bytes, json: quoted[bytes] };
  };
}
