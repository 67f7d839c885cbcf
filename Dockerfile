# syntax=docker/dockerfile:1
# The production image: the built client (and whatever else `npm run build` writes to dist/), the
# server's TypeScript sources run by Node 24 as they are, and the production dependencies only.
# The server migrates the database at start; the client is never rebuilt at start.
ARG NODE_IMAGE=node:24-bookworm-slim

# Everything `npm run build` needs, the dev dependencies included.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The dependencies the server imports at run time, without Vite, vitest and their kin.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
# glibc malloc and V8's young generation sized for one server process (decision 045,
# src/server/node-settings.ts): without them a busy process holds 200-300 MiB more than it uses.
ENV MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY src/server ./src/server
COPY src/shared ./src/shared
COPY drizzle ./drizzle
COPY content ./content
COPY --from=build /app/dist ./dist
# DATA_DIR holds the embedded database and files when DATABASE_URL and S3_BUCKET are unset, and the
# generated auth secret when AUTH_SECRET is unset; the app's own files stay read-only to it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# The slim image has no curl: Node itself asks /readyz, which answers 200 once the database does.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs once the client is built (scripts/start.ts), without npm in between, so
# that SIGTERM reaches the server itself.
CMD ["node", "--max-semi-space-size=32", "src/server/main.ts"]
