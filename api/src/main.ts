import 'reflect-metadata';
import fs from 'node:fs';
import type { Server } from 'node:http';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seeders/demo-users';

async function main() {
  const config = loadConfig();
  fs.mkdirSync(config.uploadsDir, { recursive: true });

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    console.log(`Starting the embedded PostgreSQL (PGlite) in ${config.dataDir} …`);
    embedded = await startEmbeddedDatabase(config.dataDir);
    databaseUrl = embedded.url;
  }
  const orm = await openDatabase(databaseUrl, { seed: config.seed });
  const handle = await createApp(orm, config, databaseUrl);

  const server: Server = handle.app.listen(config.port, config.host, () => {
    const url = `http://localhost:${config.port}`;
    console.log(`\nDRX is running at ${url}`);
    console.log(`GraphQL playground: ${url}/graphql`);
    if (config.seed) {
      console.log(
        `Demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`,
      );
    }
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down …`);
    server.close();
    server.closeAllConnections();
    await handle.close();
    await orm.close(true);
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
