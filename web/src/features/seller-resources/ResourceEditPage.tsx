import { useQuery } from '@apollo/client/react';
import {
  Alert,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  IconButton,
  Link,
  List,
  Stack,
  Text,
} from '@chakra-ui/react';
import { FileText, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { EditableResourceFragment } from '../../gql/graphql';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { isForbiddenError } from '../admin';
import { formatBytes } from '../resources';
import { FileDropZone } from './FileDropZone';
import {
  formValuesOf,
  metadataInput,
  ResourceMetadataFields,
  type ResourceFormValues,
  validateResourceForm,
} from './ResourceMetadataFields';
import {
  ResourceForEditQueryDocument,
  useResourcePublish,
  useResourceUnpublish,
  useResourceUpdate,
} from './sellerResourceDocuments';
import { ResourceStatusBadge } from './statusBadge';
import { ThumbnailPicker, type ThumbnailState } from './ThumbnailPicker';
import { useFileUploads } from './useFileUploads';
import { useUploadRules } from './useUploadRules';

function Message({ title, description }: { title: string; description: string }) {
  return (
    <Box maxW="2xl" mx="auto" py={8} px={4}>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{description}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild mt={4} variant="outline">
        <RouterLink to="/curriculum">Back to the curriculum store</RouterLink>
      </Button>
    </Box>
  );
}

/** /curriculum/:id/edit: the owner or staff edit the details and files, publish or unpublish. */
export default function ResourceEditPage() {
  useDocumentTitle('Edit resource');
  const { id = '' } = useParams();
  const query = useQuery(ResourceForEditQueryDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  if (query.loading && !query.data) return <PageSpinner />;
  if (query.error && isForbiddenError(query.error)) {
    return (
      <Message
        title="You are not allowed to edit this resource."
        description="Only the seller who created it and staff can edit a resource."
      />
    );
  }
  if (query.error) {
    return <Message title="The resource could not be loaded." description={query.error.message} />;
  }
  const resource = query.data?.resourceForEdit;
  if (!resource) {
    return (
      <Message title="Resource not found." description="It may have been deleted, or the link is wrong." />
    );
  }
  return <EditForm key={resource.id} resource={resource} />;
}

function EditForm({ resource }: { resource: EditableResourceFragment }) {
  const { limits, maxFiles } = useUploadRules();
  const uploads = useFileUploads(limits, maxFiles);
  const [values, setValues] = useState<ResourceFormValues>(() => formValuesOf(resource));
  const [thumbnail, setThumbnail] = useState<ThumbnailState>({ uploadId: null, busy: false });
  const [thumbKey, setThumbKey] = useState(0);
  const [removing, setRemoving] = useState<string[]>([]);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const update = useResourceUpdate();
  const publish = useResourcePublish();
  const unpublish = useResourceUnpublish();
  const errors = (field: string) => localErrors[field] ?? update.fieldError(field);
  const busy = uploads.busy || thumbnail.busy;

  const save = async () => {
    const found = validateResourceForm(values);
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    const payload = await update.run(
      {
        id: resource.id,
        ...metadataInput(values),
        thumbnailUploadId: thumbnail.uploadId,
        addFileUploadIds: uploads.uploadIds,
        removeFileIds: removing,
      },
      'Changes saved',
    );
    if (payload?.resource) {
      uploads.reset();
      setRemoving([]);
      setThumbnail({ uploadId: null, busy: false });
      setThumbKey((k) => k + 1);
    }
  };

  return (
    <Box maxW="4xl" mx="auto" w="full" px={{ base: 4, md: 0 }} py={{ base: 4, md: 8 }}>
      <Stack gap={6}>
        <Stack gap={2}>
          <HStack justify="space-between" wrap="wrap" gap={3}>
            <Heading as="h1" size="2xl">
              Edit resource
            </Heading>
            <HStack gap={2}>
              <ResourceStatusBadge status={resource.status} />
              {resource.status === 'published' ? (
                <Button
                  size="sm"
                  variant="outline"
                  loading={unpublish.loading}
                  onClick={() => void unpublish.run({ id: resource.id }, 'Resource unpublished')}
                >
                  Unpublish
                </Button>
              ) : (
                <Button
                  size="sm"
                  colorPalette="blue"
                  loading={publish.loading}
                  disabled={resource.status === 'rejected' || resource.status === 'pending_review'}
                  onClick={() => void publish.run({ id: resource.id }, 'Resource published')}
                >
                  Publish
                </Button>
              )}
            </HStack>
          </HStack>
          <Text color="fg.muted">
            {resource.status === 'published' ? (
              <>
                Live in the store:{' '}
                <Link asChild>
                  <RouterLink to={`/curriculum/${resource.id}`}>view the resource page</RouterLink>
                </Link>
                .
              </>
            ) : (
              'Only you and staff can see this resource until it is published.'
            )}
          </Text>
        </Stack>
        {resource.status === 'rejected' ? (
          <Alert.Root status="error" data-testid="rejection-reason">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Staff rejected this resource.</Alert.Title>
              <Alert.Description>
                Reason: {resource.rejectionReason ?? 'No reason given.'} Save your changes to resubmit it for
                review; the curriculum team publishes it when they approve it.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {resource.status === 'pending_review' ? (
          <Alert.Root status="info" data-testid="resubmitted-for-review">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Resubmitted for review</Alert.Title>
              <Alert.Description>
                The curriculum team reviews your changes and publishes the resource when they approve it.
                {resource.rejectionReason ? ` It was rejected because: ${resource.rejectionReason}` : ''}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Card.Root variant="outline">
          <Card.Body gap={4}>
            <Heading as="h2" size="md">
              Files
            </Heading>
            {resource.files.length === 0 ? (
              <Text color="fg.muted">No files yet. Add at least one before publishing.</Text>
            ) : (
              <List.Root variant="plain" gap={2} aria-label="Current files">
                {resource.files.map((file) => {
                  const marked = removing.includes(file.id);
                  return (
                    <List.Item key={file.id} display="flex" gap={2} alignItems="center">
                      <FileText size={16} aria-hidden />
                      <Text flex="1" truncate textDecoration={marked ? 'line-through' : undefined}>
                        {file.fileName}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        {marked ? 'Removed when you save' : formatBytes(file.sizeBytes)}
                      </Text>
                      <IconButton
                        size="xs"
                        variant="ghost"
                        aria-label={marked ? `Keep ${file.fileName}` : `Remove ${file.fileName}`}
                        onClick={() =>
                          setRemoving((list) =>
                            marked ? list.filter((x) => x !== file.id) : [...list, file.id],
                          )
                        }
                      >
                        {marked ? <Undo2 /> : <Trash2 />}
                      </IconButton>
                    </List.Item>
                  );
                })}
              </List.Root>
            )}
            <Text fontSize="sm" color="fg.muted">
              To replace a file, remove it and add the new one.
            </Text>
            <FileDropZone uploads={uploads} limits={limits} label="Add files" />
            {errors('removeFileIds') || errors('addFileUploadIds') ? (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors('removeFileIds') ?? errors('addFileUploadIds')}
              </Text>
            ) : null}
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Body gap={4}>
            <Heading as="h2" size="md">
              Thumbnail
            </Heading>
            <ThumbnailPicker
              key={thumbKey}
              currentUrl={resource.thumbnailUrl}
              limits={limits}
              onChange={setThumbnail}
            />
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
        <HStack justify="flex-end" gap={3}>
          <Button variant="outline" asChild>
            <RouterLink to="/seller/resources">My resources</RouterLink>
          </Button>
          <Button colorPalette="blue" disabled={busy} loading={update.loading} onClick={() => void save()}>
            Save changes
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
