/**
 * The embedded PostgreSQL for processes that are not the app (the test harness on a machine with
 * no PostgreSQL server, the benchmark): `start DATA_DIR DATABASE [OWNER_PID] [--throwaway]` prints the
 * database URL (`--throwaway`: no fsync, for test data only); `stop DATA_DIR`.
 * The server runs on until stopped (pg_ctl detaches it), so the starting process may exit.
 */
import { EmbeddedDatabaseError, startEmbeddedDatabase, stopEmbeddedDatabase } from './embedded';

async function main(args: string[]): Promise<void> {
  const throwaway = args.includes('--throwaway');
  const [command, dataDir, database, owner] = args.filter((arg) => arg !== '--throwaway');
  if (command === 'start' && dataDir && database) {
    const db = await startEmbeddedDatabase({
      dataDir,
      database,
      ownerPid: owner ? Number(owner) : process.ppid,
      throwaway,
      log: (message) => console.error(message),
    });
    console.log(db.url);
  } else if (command === 'stop' && dataDir) {
    await stopEmbeddedDatabase(dataDir);
  } else {
    throw new EmbeddedDatabaseError(
      'usage: embedded-cli start DATA_DIR DATABASE [OWNER_PID] [--throwaway] | stop DATA_DIR',
    );
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof EmbeddedDatabaseError ? error.message : error);
  process.exit(1);
});
