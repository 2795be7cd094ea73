# dataseries: one stateless replica. Mount the published files read-only at
# /data (or bake them in); every replica reading the same files answers the
# same bytes with the same ETags (content-hashed), so replicas can sit behind
# a cache/CDN and a load balancer. See docs/deployment.md.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX: fewer glibc arenas for the image threads, less RSS (docs/deployment.md)
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DS_DATA_DIR=/data DS_WORKERS=2 MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/assets ./assets
COPY --from=build /app/demo-data ./demo-data
COPY --from=build /app/demo-data /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/src/server.js"]
