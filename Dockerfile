# syntax=docker/dockerfile:1
# The shop in one image: the API (apps/api/dist/server.js) serving the built storefront.
# Built with the workspace's own build (turbo run build, as CI's `scripts/shop.sh test` does),
# from the frozen lockfile. Run it with compose.yaml (two replicas, PostgreSQL, Redis, nginx).

ARG NODE_IMAGE=node:20-slim

# --- install and build ------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
ENV CI=true PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN corepack enable && corepack prepare pnpm@9.15.9 --activate
WORKDIR /repo
# Manifests first: the dependency layer is reused while only sources change.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc turbo.json ./
COPY packages/sdk/package.json packages/sdk/
COPY packages/ui/package.json packages/ui/
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile
COPY . .
# Session recording (off unless given): the storefront reads its public site id at build time.
ARG VITE_SESSION_RECORDING_SITE_ID=""
ENV VITE_SESSION_RECORDING_SITE_ID=${VITE_SESSION_RECORDING_SITE_ID}
RUN pnpm exec turbo run build --filter=@otc/api... --filter=@otc/storefront... --output-logs=errors-only
# No source maps in the public folder (issue 17): they are moved to /repo/sourcemaps, kept in this
# stage for error reporting (upload them from here), and never copied to the runtime image. The
# API also answers 404 for any *.map in production.
RUN mkdir -p /repo/sourcemaps && cd apps/storefront/dist \
 && find . -type f \( -name '*.map' -o -name '*.map.br' -o -name '*.map.gz' \) -print \
  | while read -r file; do mkdir -p "/repo/sourcemaps/$(dirname "$file")" && mv "$file" "/repo/sourcemaps/$file"; done \
 && test -z "$(find . -name '*.map*' -print -quit)"

# --- production dependencies of the API only ---------------------------------------------------
FROM ${NODE_IMAGE} AS deps
ENV CI=true PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN corepack enable && corepack prepare pnpm@9.15.9 --activate
WORKDIR /repo
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
# Every workspace manifest, so the frozen lockfile matches; only the API's are installed.
COPY packages/sdk/package.json packages/sdk/
COPY packages/ui/package.json packages/ui/
COPY apps/api/package.json apps/api/
COPY apps/storefront/package.json apps/storefront/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile --prod --filter @otc/api --ignore-scripts

# --- runtime -------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# Production has no demo: nothing is seeded at start (`node dist/ops.js catalog:seed` loads a new
# shop's catalog) and the sandbox payment gateways start only with PAYMENT_SANDBOX=on.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=deps /repo/node_modules ./node_modules
COPY --from=deps /repo/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /repo/apps/api/package.json ./apps/api/package.json
COPY --from=build /repo/apps/api/dist ./apps/api/dist
COPY --from=build /repo/apps/api/drizzle ./apps/api/drizzle
COPY --from=build /repo/apps/storefront/dist ./apps/storefront/dist
# The server render (pages arrive drawn): one self-contained module, no storefront node_modules.
COPY --from=build /repo/apps/storefront/dist-server/entry-server.js ./apps/storefront/dist-server/entry-server.js
# PGlite's data folder when no DATABASE_URL is given (a single-process demo); unused with PostgreSQL.
RUN mkdir -p /app/apps/api/.data && chown node:node /app/apps/api/.data
USER node
WORKDIR /app/apps/api
EXPOSE 3000
# Readiness: the database (and Redis when REDIS_URL is set) answer and the process is not draining.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node runs as PID 1 with no wrapper: SIGTERM reaches the server's graceful shutdown.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server.js"]
