import { Field, ID, InputType, Int } from 'type-graphql';

@InputType({
  description: 'A new resource (a draft of mine) with the files I uploaded through POST /api/upload.',
})
export class ResourceCreateInput {
  @Field({ description: 'Trimmed, 1 to 200 characters.' })
  title!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Plain text, trimmed, at most 20,000 characters; null or omitted: none.',
  })
  description?: string | null;

  @Field({ description: 'One of referenceLists.resourceTypes.' })
  type!: string;

  @Field(() => ID, { nullable: true, description: 'An existing dance style’s id; null or omitted: none.' })
  danceStyleId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.ageGroups; null or omitted: none.',
  })
  ageGroup?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'One of referenceLists.skillLevels; null or omitted: none.',
  })
  skillLevel?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'An existing resource category’s id; null or omitted: none.',
  })
  categoryId?: string | null;

  @Field(() => Int, { description: 'US cents, 0 (free) to 100000.' })
  priceCents!: number;

  @Field(() => ID, {
    nullable: true,
    description: 'The `thumbnail.uploadId` of an unused upload of mine; null or omitted: no thumbnail.',
  })
  thumbnailUploadId?: string | null;

  @Field(() => [ID], {
    description:
      '1 to 20 `files[].uploadId`s of my unused uploads, in the order the files are listed; each upload can be used once.',
  })
  fileUploadIds!: string[];
}

@InputType({ description: 'Changes to a resource (owner or staff); omitted fields keep their values.' })
export class ResourceUpdateInput {
  @Field(() => ID, { description: 'The resource’s id.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Trimmed, 1 to 200 characters; null keeps it.' })
  title?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Plain text, trimmed, at most 20,000 characters; null or an empty string clears it.',
  })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.resourceTypes; null keeps it.' })
  type?: string | null;

  @Field(() => ID, { nullable: true, description: 'An existing dance style’s id; null clears it.' })
  danceStyleId?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.ageGroups; null clears it.' })
  ageGroup?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.skillLevels; null clears it.' })
  skillLevel?: string | null;

  @Field(() => ID, { nullable: true, description: 'An existing resource category’s id; null clears it.' })
  categoryId?: string | null;

  @Field(() => Int, { nullable: true, description: 'US cents, 0 (free) to 100000; null keeps it.' })
  priceCents?: number | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'The `thumbnail.uploadId` of an unused upload of mine to replace the thumbnail (the old image is deleted); wins over removeThumbnail.',
  })
  thumbnailUploadId?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true removes the thumbnail (and deletes its image); null, omitted or false keeps it.',
  })
  removeThumbnail?: boolean | null;

  @Field(() => [ID], {
    nullable: true,
    description:
      '`files[].uploadId`s of unused uploads of mine to attach as new files, after the existing ones; at most 20 files in all.',
  })
  addFileUploadIds?: string[] | null;

  @Field(() => [ID], {
    nullable: true,
    description:
      'Ids of this resource’s files to remove (their stored files are deleted); replacing a file = add + remove. A published resource keeps at least one.',
  })
  removeFileIds?: string[] | null;
}

@InputType({ description: 'The resource to publish or unpublish.' })
export class ResourceIdInput {
  @Field(() => ID, { description: 'The resource’s id.' })
  id!: string;
}

@InputType({ description: 'The resource file to remove.' })
export class ResourceFileRemoveInput {
  @Field(() => ID, { description: 'The file’s id (Resource.files[].id).' })
  fileId!: string;
}
