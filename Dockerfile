# syntax=docker/dockerfile:1
# Ferrum image: one image, two processes (api, web) chosen by the command; see deploy/compose.yaml.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
# patches/: fixes to installed packages, applied by the postinstall step (docs/decisions.md, 10).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    SEED_DEMO=0 \
    DATA_DIR=/data \
    PORT=3000 \
    API_PORT=5050 \
    API_HOST=0.0.0.0
WORKDIR /app
# The simulation codes the compute apps run and the document tools of /DocumentView (the same list as
# scripts/setup-solvers.sh). An image for the web process alone does not need them; the API's image does (the
# solvers unless its tasks go to a Slurm cluster).
COPY scripts/setup-solvers.sh /tmp/setup-solvers.sh
RUN bash /tmp/setup-solvers.sh && rm -rf /var/lib/apt/lists/* /tmp/setup-solvers.sh
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/app/locales ./app/locales
COPY --from=build /app/api ./api
COPY --from=build /app/common ./common
# Compute jobs run the solvers' command-line entries (bundled on first use, else with tsx) in bash job scripts.
COPY --from=build /app/solvers ./solvers
# /data for the platform's files; the solver CLIs' bundles are cached beside the code (api/compute/cli-bundle.ts).
RUN mkdir -p /data node_modules/.cache/ferrum-cli && chown node:node /data node_modules/.cache/ferrum-cli
USER node
VOLUME ["/data"]
EXPOSE 3000 5050
# Default: API and web from one command, the API as its child process (a single-host install). Compose runs them separately.
CMD ["node", "--max-old-space-size=256", "build/server/start.mjs"]
