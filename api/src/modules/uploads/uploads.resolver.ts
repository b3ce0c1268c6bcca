import { Ctx, Field, Float, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { UPLOAD_KINDS } from './file-kind';
import { formatLimit, kindLabel, MAX_FILES_PER_UPLOAD, uploadLimits } from './upload-limits';

@ObjectType({
  description:
    'The largest file of one kind that POST /api/upload accepts (the kind is detected from the content).',
})
export class UploadLimit {
  @Field({ description: 'document, spreadsheet, text, audio, video, image or other (ZIP archives).' })
  kind!: string;

  @Field({ description: 'A label for people, e.g. "Video".' })
  label!: string;

  @Field(() => Float, { description: 'The limit in bytes (a whole number; 1 MB = 1 048 576 bytes).' })
  maxBytes!: number;

  @Field({ description: 'The limit for people, e.g. "200 MB".' })
  maxLabel!: string;
}

@ObjectType({ description: 'What POST /api/upload accepts.' })
export class UploadRules {
  @Field(() => [UploadLimit], {
    description: 'One limit per kind of file, in the order of `UploadLimit.kind`.',
  })
  limits!: UploadLimit[];

  @Field(() => Int, { description: 'Resource files per request (plus one thumbnail).' })
  maxFiles!: number;
}

@Resolver()
export class UploadsResolver {
  @Query(() => UploadRules, {
    description: 'The size limits per kind of file and the number of files per request of POST /api/upload.',
  })
  uploadLimits(@Ctx() ctx: Context): UploadRules {
    const limits = uploadLimits(ctx.config.uploadLimits);
    return {
      maxFiles: MAX_FILES_PER_UPLOAD,
      limits: UPLOAD_KINDS.map((kind) => ({
        kind,
        label: kindLabel(kind),
        maxBytes: limits[kind],
        maxLabel: formatLimit(limits[kind]),
      })),
    };
  }
}
