import { Field, ID, InputType, Int } from 'type-graphql';

@InputType({
  description: 'A new resource (a draft of mine) with the files I uploaded through POST /api/upload.',
})
export class ResourceCreateInput {
  @Field({ description: 'At most 200 characters.' })
  title!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field({ description: 'One of referenceLists.resourceTypes.' })
  type!: string;

  @Field(() => ID, { nullable: true })
  danceStyleId?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.ageGroups.' })
  ageGroup?: string | null;

  @Field(() => String, { nullable: true, description: 'One of referenceLists.skillLevels.' })
  skillLevel?: string | null;

  @Field(() => ID, { nullable: true })
  categoryId?: string | null;

  @Field(() => Int, { description: 'US cents, 0 (free) to 100000.' })
  priceCents!: number;

  @Field(() => ID, { nullable: true, description: 'The `thumbnail.uploadId` of an upload.' })
  thumbnailUploadId?: string | null;

  @Field(() => [ID], { description: 'At least one `files[].uploadId` of my uploads.' })
  fileUploadIds!: string[];
}

@InputType({ description: 'Changes to a resource (owner or staff); omitted fields keep their values.' })
export class ResourceUpdateInput {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  type?: string | null;

  @Field(() => ID, { nullable: true, description: 'null clears it.' })
  danceStyleId?: string | null;

  @Field(() => String, { nullable: true, description: 'null clears it.' })
  ageGroup?: string | null;

  @Field(() => String, { nullable: true, description: 'null clears it.' })
  skillLevel?: string | null;

  @Field(() => ID, { nullable: true, description: 'null clears it.' })
  categoryId?: string | null;

  @Field(() => Int, { nullable: true })
  priceCents?: number | null;

  @Field(() => ID, { nullable: true, description: 'A new thumbnail upload.' })
  thumbnailUploadId?: string | null;

  @Field(() => Boolean, { nullable: true })
  removeThumbnail?: boolean | null;

  @Field(() => [ID], { nullable: true, description: 'Uploads to attach as new files.' })
  addFileUploadIds?: string[] | null;

  @Field(() => [ID], { nullable: true, description: 'Files to remove (replace = add + remove).' })
  removeFileIds?: string[] | null;
}

@InputType()
export class ResourceIdInput {
  @Field(() => ID)
  id!: string;
}

@InputType()
export class ResourceFileRemoveInput {
  @Field(() => ID)
  fileId!: string;
}
