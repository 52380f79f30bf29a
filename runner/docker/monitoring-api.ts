import { destroyStream as destroy } from "./destroy-stream.ts";
import type { DockerApi, Engine, StatsSample } from "./docker-api.ts";
import { dockerCall as call } from "./docker-call.ts";
import { parseStatsSample } from "./parse-stats-sample.ts";
import { readJsonLines } from "./read-json-lines.ts";
import { shortId as short } from "./short-id.ts";

/** Streams about running containers: resource stats and kernel OOM events. */
export function monitoringApi(docker: Engine): Pick<DockerApi, "streamStats" | "watchOomEvents"> {
  return {
    streamStats: (id, onSample: (sample: StatsSample) => void) => {
      let stream: NodeJS.ReadableStream | null = null;
      let stopped = false;
      docker
        .getContainer(id)
        .stats({ stream: true })
        .then(async (s) => {
          stream = s as NodeJS.ReadableStream;
          if (stopped) return destroy(stream);
          for await (const line of readJsonLines(stream)) {
            const sample = parseStatsSample(line);
            if (sample) onSample(sample);
          }
        })
        .catch(() => undefined); // the stream ends with an error when the container goes away
      return () => {
        stopped = true;
        if (stream) destroy(stream);
      };
    },
    watchOomEvents: (id, onOom) =>
      call(`watch events of container ${short(id)}`, async () => {
        const stream = (await docker.getEvents({
          filters: { container: [id], event: ["oom"] },
        })) as NodeJS.ReadableStream;
        (async () => {
          for await (const _line of readJsonLines(stream)) onOom();
        })().catch(() => undefined);
        return () => destroy(stream);
      }),
  };
}
