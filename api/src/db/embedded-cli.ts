/**
 * The embedded PostgreSQL for processes that are not the app (the test harness on a machine with
 * no PostgreSQL server): `start DATA_DIR DATABASE OWNER_PID` prints the database URL; `stop DATA_DIR`.
 * The server runs on until stopped (pg_ctl detaches it), so the starting process may exit.
 */
import { EmbeddedDatabaseError, startEmbeddedDatabase, stopEmbeddedDatabase } from './embedded';

async function main([command, dataDir, database, owner]: string[]): Promise<void> {
  if (command === 'start' && dataDir && database) {
    const db = await startEmbeddedDatabase({
      dataDir,
      database,
      ownerPid: owner ? Number(owner) : process.ppid,
      throwaway: true,
      log: (message) => console.error(message),
    });
    console.log(db.url);
  } else if (command === 'stop' && dataDir) {
    await stopEmbeddedDatabase(dataDir);
  } else {
    throw new EmbeddedDatabaseError(
      'usage: embedded-cli start DATA_DIR DATABASE [OWNER_PID] | stop DATA_DIR',
    );
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof EmbeddedDatabaseError ? error.message : error);
  process.exit(1);
});
