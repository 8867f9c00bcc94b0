# The production image (compose.yaml shows it deployed): build everything in one stage, then a runtime image holding
# the release (scripts/release.mjs: bundles, migrations, built apps, manifests) and the server's production
# dependencies only. e2e/release.e2e.ts builds the same release folder without Docker and starts it.

FROM node:20-bookworm-slim AS build
WORKDIR /src
# The dependencies first: this layer is built again only when a manifest or the lockfile changes.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && node scripts/release.mjs /release

FROM node:20-bookworm-slim
# NODE_ENV=production refuses the embedded database: DATABASE_URL and the production settings are required.
# glibc's malloc thresholds as `npm start` sets them (bench/HISTORY.md).
ENV NODE_ENV=production \
    PORT=8080 \
    DATA_DIR=/var/lib/meridian \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=16777216
WORKDIR /app
COPY --from=build /release ./
RUN npm ci --omit=dev -w @meridian/server --no-audit --no-fund \
    && npm cache clean --force \
    && mkdir -p /var/lib/meridian && chown node:node /var/lib/meridian
USER node
EXPOSE 8080
# Liveness only: the load balancer asks /readyz itself (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
    CMD ["node", "-e", "fetch('http://127.0.0.1:8080/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations are not applied here: `node apps/server/dist/migrate.js` (compose.yaml's migrate service) does it first.
CMD ["node", "apps/server/dist/main.js"]
