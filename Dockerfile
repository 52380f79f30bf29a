# The bench image: Bun, production dependencies and the workload. Standard: `docker build .` pulls oven/bun.
# Offline hosts: runner/image builds a base from the installed Bun and passes --build-arg BUN_IMAGE=<that tag>.
ARG BUN_IMAGE=oven/bun:1.4.5-slim
FROM ${BUN_IMAGE}
WORKDIR /app
COPY package.json bun.lock ./
RUN ["bun", "install", "--frozen-lockfile", "--production"]
COPY contract/ contract/
COPY engine/ engine/
COPY search/ search/
COPY harness/ harness/
COPY scenarios/ scenarios/
# The bundled Pub/Sub service: the same image runs it with `bun service/main.ts`.
COPY service/ service/
# The slim Bun images (and the offline base) carry a non-root `bun` user, uid 1000.
USER bun
ENTRYPOINT ["bun"]
