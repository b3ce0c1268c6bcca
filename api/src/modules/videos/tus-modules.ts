/**
 * The tus packages are ES modules only; the api compiles to CommonJS. As with openid-client
 * (identities/oidc-client.ts) they are loaded with a dynamic `import()` on first use.
 */
export type TusServerModule = typeof import('@tus/server', { with: { 'resolution-mode': 'import' } });
export type TusFileStoreModule = typeof import('@tus/file-store', { with: { 'resolution-mode': 'import' } });
export type TusS3StoreModule = typeof import('@tus/s3-store', { with: { 'resolution-mode': 'import' } });
export type TusServer = InstanceType<TusServerModule['Server']>;
export type TusDataStore = InstanceType<TusServerModule['DataStore']>;
export type TusUpload = InstanceType<TusServerModule['Upload']>;

let server: Promise<TusServerModule> | undefined;
let fileStore: Promise<TusFileStoreModule> | undefined;
let s3Store: Promise<TusS3StoreModule> | undefined;

export const tusServerModule = () => (server ??= import('@tus/server'));
export const tusFileStoreModule = () => (fileStore ??= import('@tus/file-store'));
export const tusS3StoreModule = () => (s3Store ??= import('@tus/s3-store'));
