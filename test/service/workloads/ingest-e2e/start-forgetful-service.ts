/**
 * A stand-in for the bundled service that delivers every published message to every socket of its topic but
 * never counts an ack (GET /admin/stats says acked 0): the acks-lost case the e2e workload must settle as incomplete.
 */
export function startForgetfulService() {
  const subscriptionTopic = new Map<string, string>();
  let nextId = 0;
  const server = Bun.serve<{ topic: string }>({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request, srv) {
      const path = new URL(request.url).pathname;
      const sub = /^\/subscriptions\/([^/]+)$/.exec(path)?.[1];
      if (sub !== undefined)
        return srv.upgrade(request, { data: { topic: subscriptionTopic.get(sub) ?? "" } })
          ? undefined
          : new Response(null, { status: 400 });
      const created = /^\/admin\/subscriptions\/([^/]+)$/.exec(path)?.[1];
      if (created !== undefined && request.method === "PUT")
        subscriptionTopic.set(created, ((await request.json()) as { topic: string }).topic);
      const topic = /^\/topics\/([^/]+)\/publish$/.exec(path)?.[1];
      if (topic !== undefined) {
        const id = String(nextId++);
        srv.publish(topic, JSON.stringify({ type: "messages", messages: [{ id }] }));
        return Response.json({ messageIds: [id] });
      }
      if (path === "/admin/stats")
        return Response.json({
          connections: { open: 0, abruptCloses: 0, unackedReleasedOnClose: 0 },
          subscriptions: Object.fromEntries(
            [...subscriptionTopic.keys()].map((s) => [
              s,
              { backlog: 0, acked: 0, outstanding: 0, connections: 0 },
            ]),
          ),
        });
      return new Response(null, { status: request.method === "PUT" ? 201 : 204 });
    },
    websocket: {
      open(ws) {
        ws.subscribe(ws.data.topic);
      },
      message() {},
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port as number,
    stop: () => server.stop(true),
  };
}
