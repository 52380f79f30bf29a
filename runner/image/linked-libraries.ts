/** The absolute paths of the shared libraries in `ldd` output (including the dynamic loader; not the vDSO). */
export function linkedLibraries(lddOutput: string): string[] {
  const paths = new Set<string>();
  for (const line of lddOutput.split("\n")) {
    const arrow = line.match(/=>\s*(\/\S+)/);
    const bare = line.match(/^\s*(\/\S+)\s+\(/);
    const path = arrow?.[1] ?? bare?.[1];
    if (path) paths.add(path);
  }
  return [...paths];
}
