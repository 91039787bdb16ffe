# syntax=docker/dockerfile:1
#
# The service's image: `docker build -t commerce-backend .`, or `docker compose up` with
# compose.yaml. How to run it and what it needs: docs/deploying.md.
#
# `npm run test:deploy` replays this file in a clean folder (tests/deploy/): every stage's WORKDIR,
# ENV, COPY and RUN in order, then the CMD, then the HEALTHCHECK. Keep RUN commands to paths
# relative to the WORKDIR, so that the replay stays in its folder.

# Compiles the TypeScript. The full image (not slim) carries python3, make and g++, which node-gyp
# needs to install the native modules (argon2, better-sqlite3).
FROM node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node ace build

# The production dependencies, installed where node-gyp finds its tools. `--omit=optional` leaves
# out what `--omit=dev` alone keeps: @adonisjs/auth names the build and test tools
# (@adonisjs/assembler with typescript, @japa/browser-client with playwright-core) as optional
# peers, and the service never loads them.
FROM node:24-bookworm AS production-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund
# The one folder the service writes (see the runtime stage).
RUN mkdir tmp

FROM node:24-bookworm-slim AS runtime
# HOST: every interface of the container. The other settings come from `docker run --env-file`
# or compose.yaml (.env.production.example names them).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3333
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./
# The code stays root's; the service's user owns only tmp/, where the default settings put the
# SQLite file (DB_PATH) and mail files (MAIL_FILE_DIR). Mount a volume there to keep them.
COPY --from=production-deps --chown=node:node /app/tmp ./tmp
USER node
EXPOSE 3333
# Ready: migrated, the database answers, not stopping (docs/operations.md, "Health endpoints").
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health/ready`).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]
# node itself, not npm, is PID 1, so that `docker stop` (SIGTERM) reaches the server, which then
# finishes its requests within SHUTDOWN_TIMEOUT_MS.
CMD ["node", "bin/server.js"]
