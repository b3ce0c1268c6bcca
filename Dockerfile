# Production image of DRX: one Node process serving the graph, the REST adapter and the web app.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json codegen.ts schema.graphql ./
COPY api api
COPY web web
# The app and the web app only: the development fakes (dev/: the demo store, the fake Stripe) are
# neither copied nor built, and production never turns the demo store on (DEMO_STORE).
RUN npm run build -w api && npm run build -w web && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data UPLOADS_DIR=/data/uploads WEB_DIST=/app/web/dist
WORKDIR /app
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/api/package.json api/package.json
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/web/dist web/dist
# The server render of the public pages (api/src/http/server-render.ts), on web's packages above.
COPY --from=build /app/web/dist-ssr web/dist-ssr
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# --max-semi-space-size: the server's V8 flags (api/src/server-flags.ts)
CMD ["node", "--max-semi-space-size=32", "api/dist/main.js"]
