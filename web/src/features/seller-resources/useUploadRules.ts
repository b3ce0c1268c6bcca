import { useQuery } from '@apollo/client/react';
import { UploadLimitsQueryDocument } from './sellerResourceDocuments';

/** The server's upload limits per kind (empty while loading). */
export function useUploadRules() {
  const { data } = useQuery(UploadLimitsQueryDocument);
  return { limits: data?.uploadLimits.limits ?? [], maxFiles: data?.uploadLimits.maxFiles ?? 10 };
}
