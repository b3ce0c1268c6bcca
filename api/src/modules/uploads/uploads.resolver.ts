import { Ctx, Field, Float, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { UPLOAD_KINDS } from './file-kind';
import { formatLimit, kindLabel, MAX_FILES_PER_UPLOAD, uploadLimits } from './upload-limits';

@ObjectType({ description: 'The largest file of one kind that POST /api/upload accepts.' })
export class UploadLimit {
  @Field({ description: 'document, spreadsheet, text, audio, video, image or other.' })
  kind!: string;

  @Field({ description: 'A label for people, e.g. "Video".' })
  label!: string;

  @Field(() => Float, { description: 'Bytes.' })
  maxBytes!: number;

  @Field({ description: 'The limit for people, e.g. "200 MB".' })
  maxLabel!: string;
}

@ObjectType({ description: 'What POST /api/upload accepts.' })
export class UploadRules {
  @Field(() => [UploadLimit])
  limits!: UploadLimit[];

  @Field(() => Int, { description: 'Resource files per request (plus one thumbnail).' })
  maxFiles!: number;
}

@Resolver()
export class UploadsResolver {
  @Query(() => UploadRules, { description: 'Upload size limits per kind of file (public).' })
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
