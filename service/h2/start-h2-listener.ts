import type { PublishListener } from "../protocol/publish-listener.ts";
import type { ServiceContext } from "../service-context.ts";

/**
 * HTTP/2 over TLS with Bun.serve's own HTTP/2 (`http2: true`): the same routes and handlers as the HTTP/1.1 server,
 * so an h2 vs http1 A/B differs in the protocol only (plus TLS: k6 negotiates h2 via ALPN only). Clients that do
 * not offer h2 get HTTP/1.1 over TLS.
 */
export function startH2Listener<R extends string>(
  ctx: ServiceContext,
  routes: Bun.Serve.Routes<undefined, R>,
): PublishListener {
  const { config } = ctx;
  const server = Bun.serve({
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
  return {
    endpoint: { protocol: "h2", port: server.port as number },
    async stop(graceMs) {
      const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([server.stop(false), grace]);
      await server.stop(true);
    },
  };
}
