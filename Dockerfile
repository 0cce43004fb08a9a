# syntax=docker/dockerfile:1
# Querent: the API (and its workers) on Node 24, which runs the TypeScript sources directly (type
# stripping), so there is no compile step. Build: docker build -t querent .
# NODE_IMAGE may name a mirror or a local copy of the base image where Docker Hub is out of reach.
ARG NODE_IMAGE=node:24-slim

# Build stage: npm ci with dev dependencies, whose postinstall (scripts/prebuild.ts) generates the
# sample archives of the current month and an empty PGlite data directory into .cache; then the
# dev dependencies are pruned (the runtime needs none of them: the image's Node replaces the `node`
# package, and the rest are test and benchmark tools).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY bin ./bin
COPY scripts ./scripts
COPY src ./src
RUN npm ci --no-audit --no-fund \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf .cache/node-compile \
 && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    QUERENT_DATA_DIR=/data \
    NODE_COMPILE_CACHE=/tmp/querent-node-compile
WORKDIR /app
# Owned by root and read-only to the service user; only /data (and /tmp) are written.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# /readyz answers 200 once the store and the samples are open (the worker role answers it too).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8080}/readyz`).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/app/bin/querent"]
CMD ["serve"]
