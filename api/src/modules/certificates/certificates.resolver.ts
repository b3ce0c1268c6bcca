import { Resolver } from 'type-graphql';

@Resolver()
export class CertificatesResolver {}
