# syntax=docker/dockerfile:1

# Node 22 is a maintained LTS line, so production never runs an end-of-life Node.
FROM node:22-bookworm-slim AS base
WORKDIR /app
ENV NODE_ENV=production

# ---- deps: every dependency, with the tools better-sqlite3 needs if it builds from source ----
FROM base AS deps
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# patches/ is applied by the postinstall script (patch-package).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --include=dev

# ---- build: compile the Remix app, then drop the dev dependencies ----
FROM deps AS build
COPY . .
RUN npm run build \
  && npm prune --omit=dev

# ---- runtime: LiteFS in front of remix-serve ----
FROM base AS runtime
# fuse3 for the LiteFS mount, ca-certificates for Consul/Twilio/Stripe over TLS, sqlite3 for debugging.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fuse3 ca-certificates sqlite3 \
  && rm -rf /var/lib/apt/lists/*
COPY --from=flyio/litefs:0.5.14 /usr/local/bin/litefs /usr/local/bin/litefs

# Production dependencies (tsx included: it runs db/migrate.ts and the operator scripts).
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
# Sources the tsx scripts import: migrations and schema, env validation and domain modules.
COPY --from=build /app/db ./db
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY litefs.yml /etc/litefs.yml

# LiteFS runs as root (it mounts FUSE), waits for the cluster, runs the migrations on the primary
# candidate and then starts the server (see litefs.yml).
ENTRYPOINT ["litefs", "mount"]
