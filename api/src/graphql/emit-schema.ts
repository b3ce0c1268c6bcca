import { emitSchemaFile, SCHEMA_FILE } from './schema';

/** `npm run schema`: writes schema.graphql from the resolvers. */
emitSchemaFile()
  .then(() => console.log(`Wrote ${SCHEMA_FILE}`))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
