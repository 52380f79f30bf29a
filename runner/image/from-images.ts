import type { DockerfileInstruction } from "./dockerfile-instructions.ts";

/** An image a FROM line starts from (not an earlier stage, not one named by a build argument). */
export interface FromImage {
  image: string;
  line: number;
}

/** The images a Dockerfile's stages start from, in order. */
export function fromImages(instructions: DockerfileInstruction[]): FromImage[] {
  const stages = new Set<string>();
  const images: FromImage[] = [];
  for (const { keyword, args, line } of instructions) {
    if (keyword !== "FROM") continue;
    const words = args.split(/\s+/).filter((word) => !word.startsWith("--"));
    const image = words[0] ?? "";
    const known =
      image === "" || image.includes("$") || image === "scratch" || stages.has(image.toLowerCase());
    if (!known) images.push({ image, line });
    if (words[1]?.toLowerCase() === "as" && words[2]) stages.add(words[2].toLowerCase());
  }
  return images;
}
