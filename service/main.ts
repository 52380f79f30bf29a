// The bundled service: `bun service/main.ts` (configuration from the environment, see service/config).
import { loadServiceConfig, ServiceConfigError } from "./config/load-service-config.ts";
import { startService } from "./start-service.ts";

const EXIT_BAD_CONFIG = 2;
const EXIT_CANNOT_LISTEN = 1;

function main(): void {
  let config: ReturnType<typeof loadServiceConfig>;
  try {
    config = loadServiceConfig(process.env);
  } catch (error) {
    if (!(error instanceof ServiceConfigError)) throw error;
    console.error(error.message);
    process.exit(EXIT_BAD_CONFIG);
  }
  let service: ReturnType<typeof startService>;
  try {
    service = startService(config);
  } catch (error) {
    console.error(
      `Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}. Set PORT to a free port.`,
    );
    process.exit(EXIT_CANNOT_LISTEN);
  }
  console.log(
    `pubsub service listening on ${config.host}:${service.port} (auto-create ${config.autoCreate})`,
  );
  service.publish.then(
    ({ protocol, port }) => {
      if (protocol !== "http1") console.log(`publish also over ${protocol} on ${config.host}:${port}`);
    },
    (error: Error) => {
      console.error(`${error.message}.`);
      process.exit(EXIT_CANNOT_LISTEN);
    },
  );
  const shutdown = (signal: string) => {
    console.log(`${signal}: draining (up to ${config.shutdownGraceMs} ms)`);
    void service.stop().then(() => {
      console.log("stopped");
      process.exit(0);
    });
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

main();
