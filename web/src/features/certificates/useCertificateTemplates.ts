import { useMutation } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { graphql } from '../../gql';
import { toaster } from '../../ui/toaster';

graphql(`
  fragment CertificateTemplateFields on CertificateTemplate {
    id
    name
    heading
    body
    signatoryName
    signatoryTitle
    accentColor
    isDefault
    createdAt
    certificateCount
  }
`);

export const CertificateTemplatesQueryDocument = graphql(`
  query CertificateTemplates {
    certificateTemplates {
      ...CertificateTemplateFields
    }
  }
`);

const CreateDocument = graphql(`
  mutation CertificateTemplateCreate($input: CertificateTemplateCreateInput!) {
    certificateTemplateCreate(input: $input) {
      template {
        ...CertificateTemplateFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const UpdateDocument = graphql(`
  mutation CertificateTemplateUpdate($input: CertificateTemplateUpdateInput!) {
    certificateTemplateUpdate(input: $input) {
      template {
        ...CertificateTemplateFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const DeleteDocument = graphql(`
  mutation CertificateTemplateDelete($input: CertificateTemplateDeleteInput!) {
    certificateTemplateDelete(input: $input) {
      deletedTemplateId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

const SetDefaultDocument = graphql(`
  mutation CertificateTemplateSetDefault($input: CertificateTemplateSetDefaultInput!) {
    certificateTemplateSetDefault(input: $input) {
      template {
        id
        isDefault
      }
      templates {
        id
        isDefault
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export interface TemplateInput {
  name: string;
  heading: string;
  body: string;
  signatoryName: string;
  signatoryTitle: string;
  accentColor: string;
}

export interface TemplateUserError {
  code: string;
  field?: string | null;
  message: string;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

/**
 * Saving, deleting and choosing the default certificate template (staff). Refusals come back as
 * `userErrors` (kept for the form to show next to the field); success toasts.
 */
export function useCertificateTemplateMutations() {
  const [create, createState] = useMutation(CreateDocument);
  const [update, updateState] = useMutation(UpdateDocument);
  const [remove, removeState] = useMutation(DeleteDocument);
  const [setDefault, setDefaultState] = useMutation(SetDefaultDocument);
  const [userErrors, setUserErrors] = useState<TemplateUserError[]>([]);

  const save = useCallback(
    async (id: string | null, input: TemplateInput): Promise<string | null> => {
      setUserErrors([]);
      try {
        const result = id
          ? (await update({ variables: { input: { id, ...input } } })).data?.certificateTemplateUpdate
          : (
              await create({
                variables: { input },
                refetchQueries: ['CertificateTemplates'],
                awaitRefetchQueries: true,
              })
            ).data?.certificateTemplateCreate;
        if (!result) throw new Error('The server did not answer.');
        if (result.userErrors.length || !result.template) {
          setUserErrors(result.userErrors);
          toaster.create({
            title: 'Template not saved',
            description: result.userErrors[0]?.message,
            type: 'error',
          });
          return null;
        }
        toaster.create({ title: id ? 'Template saved' : 'Template created', type: 'success' });
        return result.template.id;
      } catch (error) {
        setUserErrors([{ code: 'UNEXPECTED', message: messageOf(error) }]);
        toaster.create({ title: 'Template not saved', description: messageOf(error), type: 'error' });
        return null;
      }
    },
    [create, update],
  );

  const deleteTemplate = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        const { data } = await remove({
          variables: { input: { id } },
          refetchQueries: ['CertificateTemplates'],
          awaitRefetchQueries: true,
        });
        const result = data?.certificateTemplateDelete;
        if (!result) throw new Error('The server did not answer.');
        if (result.userErrors.length) {
          toaster.create({
            title: 'Template not deleted',
            description: result.userErrors[0].message,
            type: 'error',
          });
          return false;
        }
        toaster.create({ title: 'Template deleted', type: 'success' });
        return true;
      } catch (error) {
        toaster.create({ title: 'Template not deleted', description: messageOf(error), type: 'error' });
        return false;
      }
    },
    [remove],
  );

  const makeDefault = useCallback(
    async (id: string): Promise<boolean> => {
      try {
        const { data } = await setDefault({ variables: { input: { id } } });
        const result = data?.certificateTemplateSetDefault;
        if (!result) throw new Error('The server did not answer.');
        if (result.userErrors.length) {
          toaster.create({
            title: 'Default not changed',
            description: result.userErrors[0].message,
            type: 'error',
          });
          return false;
        }
        toaster.create({
          title: 'Default template changed',
          description: 'Courses without their own template now use it.',
          type: 'success',
        });
        return true;
      } catch (error) {
        toaster.create({ title: 'Default not changed', description: messageOf(error), type: 'error' });
        return false;
      }
    },
    [setDefault],
  );

  return {
    save,
    deleteTemplate,
    makeDefault,
    userErrors,
    clearErrors: () => setUserErrors([]),
    saving: createState.loading || updateState.loading,
    deleting: removeState.loading,
    settingDefault: setDefaultState.loading,
  };
}
