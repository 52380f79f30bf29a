// Runs every engine micro-benchmark (bench/micro/*.bench.ts) in one mitata session.
import { run } from "mitata";
import "./message.bench.ts";
import "./batching.bench.ts";
import "./flow-control.bench.ts";
import "./ack.bench.ts";

await run();
