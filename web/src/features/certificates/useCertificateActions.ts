import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../gql';
import { toaster } from '../../ui/toaster';

const CertificateRevokeMutationDocument = graphql(`
  mutation CertificateRevoke($input: CertificateRevokeInput!) {
    certificateRevoke(input: $input) {
      certificate {
        id
        status
        revokedAt
        revokeReason
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const CertificateReinstateMutationDocument = graphql(`
  mutation CertificateReinstate($input: CertificateReinstateInput!) {
    certificateReinstate(input: $input) {
      certificate {
        id
        status
        revokedAt
        revokeReason
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const CertificateReissueMutationDocument = graphql(`
  mutation CertificateReissue($input: CertificateReissueInput!) {
    certificateReissue(input: $input) {
      certificate {
        id
        number
        status
        studentName
      }
      previousCertificate {
        id
        status
        revokedAt
        revokeReason
        replacedBy {
          id
          number
        }
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const CertificateIssueMutationDocument = graphql(`
  mutation CertificateIssue($input: CertificateIssueInput!) {
    certificateIssue(input: $input) {
      certificate {
        id
        number
        status
        studentName
        courseTitle
      }
      alreadyIssued
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export interface ActionUserError {
  code: string;
  field?: string | null;
  message: string;
}

/** The lists that show certificates: refreshed after a change (a status filter may now exclude it). */
const CERTIFICATE_LISTS = [
  'AdminCertificates',
  'InstructorCertificates',
  'CertificateIssueCandidates',
  'CertificateIssueCourses',
  'CertificateIssuePageCourses',
];

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

/** Revokes a certificate with a reason; refusals come back as `userErrors` for the dialog to show. */
export function useCertificateRevoke() {
  const [mutate, { loading }] = useMutation(CertificateRevokeMutationDocument);
  const [userErrors, setUserErrors] = useState<ActionUserError[]>([]);
  const revoke = useCallback(
    async (certificateId: string, reason: string): Promise<boolean> => {
      setUserErrors([]);
      try {
        const { data } = await mutate({
          variables: { input: { certificateId, reason } },
          refetchQueries: CERTIFICATE_LISTS,
        });
        const result = data?.certificateRevoke;
        if (!result) throw new Error('The server did not answer.');
        if (result.userErrors.length) {
          setUserErrors(result.userErrors);
          return false;
        }
        toaster.create({
          title: 'Certificate revoked',
          description: 'The verification page now shows it as revoked.',
          type: 'success',
        });
        return true;
      } catch (error) {
        setUserErrors([{ code: 'UNEXPECTED', message: messageOf(error) }]);
        return false;
      }
    },
    [mutate],
  );
  return { revoke, loading, userErrors, reset: () => setUserErrors([]) };
}

/**
 * Reissues a certificate (a name correction): a new number with the given name; the old one is
 * revoked and links the new one. Refusals come back as `userErrors` for the dialog to show.
 */
export function useCertificateReissue() {
  const [mutate, { loading }] = useMutation(CertificateReissueMutationDocument);
  const [userErrors, setUserErrors] = useState<ActionUserError[]>([]);
  const reissue = useCallback(
    async (certificateId: string, holderName: string, reason: string): Promise<boolean> => {
      setUserErrors([]);
      try {
        const { data } = await mutate({
          variables: { input: { certificateId, holderName, reason } },
          refetchQueries: CERTIFICATE_LISTS,
        });
        const result = data?.certificateReissue;
        if (!result) throw new Error('The server did not answer.');
        if (result.userErrors.length || !result.certificate) {
          setUserErrors(result.userErrors);
          return false;
        }
        toaster.create({
          title: `Certificate reissued as ${result.certificate.number}`,
          description: 'The old number verifies as revoked and links the new one.',
          type: 'success',
        });
        return true;
      } catch (error) {
        setUserErrors([{ code: 'UNEXPECTED', message: messageOf(error) }]);
        return false;
      }
    },
    [mutate],
  );
  return { reissue, loading, userErrors };
}

/** Makes a revoked certificate valid again (staff). */
export function useCertificateReinstate() {
  const [mutate, { loading }] = useMutation(CertificateReinstateMutationDocument);
  const reinstate = useCallback(
    async (certificateId: string): Promise<boolean> => {
      try {
        const { data } = await mutate({
          variables: { input: { certificateId } },
          refetchQueries: CERTIFICATE_LISTS,
        });
        const result = data?.certificateReinstate;
        if (!result) throw new Error('The server did not answer.');
        if (result.userErrors.length) {
          toaster.create({
            title: 'Certificate not reinstated',
            description: result.userErrors[0].message,
            type: 'error',
          });
          return false;
        }
        toaster.create({
          title: 'Certificate reinstated',
          description: 'It verifies as valid again.',
          type: 'success',
        });
        return true;
      } catch (error) {
        toaster.create({ title: 'Certificate not reinstated', description: messageOf(error), type: 'error' });
        return false;
      }
    },
    [mutate],
  );
  return { reinstate, loading };
}

export interface IssuedCertificate {
  id: string;
  number: string;
  studentName: string;
  courseTitle: string;
  alreadyIssued: boolean;
}

/** Issues a certificate by hand (idempotent: a student who has one keeps it). */
export function useCertificateIssue() {
  const [mutate, { loading }] = useMutation(CertificateIssueMutationDocument);
  const [userErrors, setUserErrors] = useState<ActionUserError[]>([]);
  const issue = useCallback(
    async (courseId: string, userId: string): Promise<IssuedCertificate | null> => {
      setUserErrors([]);
      try {
        const { data } = await mutate({
          variables: { input: { courseId, userId } },
          refetchQueries: CERTIFICATE_LISTS,
        });
        const result = data?.certificateIssue;
        if (!result) throw new Error('The server did not answer.');
        if (result.userErrors.length || !result.certificate) {
          setUserErrors(result.userErrors);
          toaster.create({
            title: 'Certificate not issued',
            description: result.userErrors[0]?.message,
            type: 'error',
          });
          return null;
        }
        return { ...result.certificate, alreadyIssued: result.alreadyIssued };
      } catch (error) {
        setUserErrors([{ code: 'UNEXPECTED', message: messageOf(error) }]);
        toaster.create({ title: 'Certificate not issued', description: messageOf(error), type: 'error' });
        return null;
      }
    },
    [mutate],
  );
  return { issue, loading, userErrors };
}
