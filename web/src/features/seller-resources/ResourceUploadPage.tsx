import { Alert, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { FileDropZone } from './FileDropZone';
import {
  EMPTY_RESOURCE_FORM,
  metadataInput,
  ResourceMetadataFields,
  type ResourceFormValues,
  validateResourceForm,
} from './ResourceMetadataFields';
import { useResourceCreate, useResourcePublish } from './sellerResourceDocuments';
import { SellerOnly } from './SellerOnly';
import { ThumbnailPicker, type ThumbnailState } from './ThumbnailPicker';
import { useFileUploads } from './useFileUploads';
import { useUploadRules } from './useUploadRules';

/**
 * The one upload flow behind /seller/resources/add, /seller/upload-resource, /seller/resources/create,
 * /curriculum/upload, /upload-resource and /simple-upload: files (with progress), a thumbnail, the
 * details, then Save draft or Publish.
 */
export default function ResourceUploadPage() {
  useDocumentTitle('Upload a resource');
  return (
    <SellerOnly>
      <UploadForm />
    </SellerOnly>
  );
}

function UploadForm() {
  const navigate = useNavigate();
  const { limits, maxFiles } = useUploadRules();
  const uploads = useFileUploads(limits, maxFiles);
  const [thumbnail, setThumbnail] = useState<ThumbnailState>({ uploadId: null, busy: false });
  const [values, setValues] = useState<ResourceFormValues>(EMPTY_RESOURCE_FORM);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const create = useResourceCreate();
  const publish = useResourcePublish();

  // The first uploaded file suggests the type until one is chosen.
  useEffect(() => {
    if (uploads.firstKind && !values.type) setValues((v) => ({ ...v, type: uploads.firstKind! }));
  }, [uploads.firstKind, values.type]);

  const errors = (field: string) => localErrors[field] ?? create.fieldError(field);
  const busy = uploads.busy || thumbnail.busy;
  const saving = create.loading || publish.loading;

  const save = async (andPublish: boolean) => {
    const found = validateResourceForm(values);
    if (uploads.uploadIds.length === 0) found.fileUploadIds = 'Add at least one file';
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    const payload = await create.run(
      {
        ...metadataInput(values),
        thumbnailUploadId: thumbnail.uploadId,
        fileUploadIds: uploads.uploadIds,
      },
      andPublish ? undefined : 'Draft saved',
    );
    const resource = payload?.resource;
    if (!resource) return;
    if (!andPublish) {
      navigate(`/curriculum/${encodeURIComponent(resource.id)}/edit`);
      return;
    }
    const published = await publish.run({ id: resource.id }, 'Resource published');
    navigate(
      published?.resource
        ? `/curriculum/${encodeURIComponent(resource.id)}`
        : `/curriculum/${encodeURIComponent(resource.id)}/edit`,
    );
  };

  return (
    <Box maxW="4xl" mx="auto" w="full" px={{ base: 4, md: 0 }} py={{ base: 4, md: 8 }}>
      <Stack gap={6}>
        <Stack gap={1}>
          <Heading as="h1" size="2xl">
            Upload a resource
          </Heading>
          <Text color="fg.muted">
            Add your files and describe them. Save a draft to finish later, or publish it to the curriculum
            store right away.
          </Text>
        </Stack>
        <Card.Root variant="outline">
          <Card.Body gap={4}>
            <Heading as="h2" size="md">
              Files
            </Heading>
            <FileDropZone uploads={uploads} limits={limits} />
            {errors('fileUploadIds') ? (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors('fileUploadIds')}
              </Text>
            ) : null}
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Body gap={4}>
            <Heading as="h2" size="md">
              Thumbnail
            </Heading>
            <ThumbnailPicker limits={limits} onChange={setThumbnail} />
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Body gap={4}>
            <Heading as="h2" size="md">
              Details
            </Heading>
            <ResourceMetadataFields values={values} onChange={setValues} errors={errors} />
          </Card.Body>
        </Card.Root>
        {busy ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>Wait for the uploads to finish before saving.</Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack justify="flex-end" gap={3}>
          <Button variant="outline" disabled={busy} loading={saving} onClick={() => void save(false)}>
            Save draft
          </Button>
          <Button colorPalette="blue" disabled={busy} loading={saving} onClick={() => void save(true)}>
            Publish
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
