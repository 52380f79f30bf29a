import type { PublishListener } from "../protocol/publish-listener.ts";
import type { ServiceContext } from "../service-context.ts";

/**
 * HTTP/2 over TLS with Bun.serve's own HTTP/2 (`http2: true`): the same routes and handlers as the HTTP/1.1 server,
 * so an h2 vs http1 A/B differs in the protocol only (plus TLS: clients negotiate h2 via ALPN). Clients that do
 * not offer h2 get HTTP/1.1 over TLS.
 */
export function startH2Listener<R extends string>(
  ctx: ServiceContext,
  routes: Bun.Serve.Routes<undefined, R>,
): PublishListener {
  const { config } = ctx;
  const address = `${config.host}:${config.h2Port}`;
  let server: Bun.Server<undefined>;
  try {
    server = serve();
  } catch (error) {
    throw new Error(
      `HTTP/2 cannot listen on ${address}: ${(error as Error).message}. Set PUBSUB_H2_PORT to a free port, or PUBSUB_TLS_CERT_FILE / PUBSUB_TLS_KEY_FILE to readable PEM files`,
    );
  }
  return {
    endpoint: { protocol: "h2", port: server.port as number },
    async stop(graceMs) {
      const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([server.stop(false), grace]);
      await server.stop(true);
    },
  };

  function serve() {
    return Bun.serve({
      port: config.h2Port,
      hostname: config.host,
      http2: true,
      tls: { cert: Bun.file(config.tlsCertFile), key: Bun.file(config.tlsKeyFile) },
      maxRequestBodySize: config.maxBodyBytes,
      routes,
      fetch: (request) =>
        Response.json(
          {
            error: {
              code: "NOT_FOUND",
              message: `No route for ${request.method} ${new URL(request.url).pathname} over HTTP/2.`,
            },
          },
          { status: 404 },
        ),
    });
  }
}
