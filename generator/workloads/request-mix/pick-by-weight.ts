const GOLDEN_RATIO = 0.6180339887498949;

/** Item i of a weighted list: index * golden ratio mod 1 over the cumulative weights (deterministic, well spread). */
export function pickByWeight(weights: readonly number[]): (index: number) => number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return (index) => {
    let point = ((index * GOLDEN_RATIO) % 1) * total;
    for (let i = 0; i < weights.length; i++) {
      point -= weights[i] as number;
      if (point < 0) return i;
    }
    return weights.length - 1;
  };
}
