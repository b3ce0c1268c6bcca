import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { AuthoringLesson } from '../courses';
import { Lesson } from '../courses';
import { LessonContent } from '../learning';
import { LessonVideoCaptionRemovePayload } from './video-captions.types';
import { LessonVideoPayload, LessonVideoRemovePayload, LessonVideoView } from './videos.types';

const HOSTED_VIDEO =
  'The lesson’s uploaded video (streamed by DRX); null when it has none. The course’s instructor and ' +
  'staff see it while it uploads, processes or after it failed; everyone else only once READY, with ' +
  'playlistUrl null unless they may watch it.';

function hostedVideo(ctx: Context, lessonId: string) {
  return ctx.services.videos.forLesson(ctx.viewer, lessonId, ctx.config.sessionSecret);
}

@Resolver(() => Lesson)
export class LessonHostedVideoResolver {
  @FieldResolver(() => LessonVideoView, { nullable: true, description: HOSTED_VIDEO })
  hostedVideo(@Root() lesson: Lesson, @Ctx() ctx: Context) {
    return hostedVideo(ctx, lesson.id);
  }
}

@Resolver(() => LessonContent)
export class LessonContentHostedVideoResolver {
  @FieldResolver(() => LessonVideoView, { nullable: true, description: HOSTED_VIDEO })
  hostedVideo(@Root() lesson: LessonContent, @Ctx() ctx: Context) {
    return hostedVideo(ctx, lesson.id);
  }
}

@Resolver(() => AuthoringLesson)
export class AuthoringLessonHostedVideoResolver {
  @FieldResolver(() => LessonVideoView, { nullable: true, description: HOSTED_VIDEO })
  hostedVideo(@Root() lesson: AuthoringLesson, @Ctx() ctx: Context) {
    return hostedVideo(ctx, lesson.id);
  }
}

@Resolver()
export class VideosResolver {
  @Query(() => LessonVideoView, {
    nullable: true,
    description:
      'A hosted lesson video by id, for its course’s instructor and staff (the editor polls it while it ' +
      'processes); null for an unknown id or another instructor’s video.',
  })
  lessonVideo(
    @Arg('id', () => ID, { description: 'The video id (LessonVideo.id).' }) id: string,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.videos.forEditor(ctx.viewer, id, ctx.config.sessionSecret);
  }

  @Mutation(() => LessonVideoPayload, {
    description:
      'Processes a FAILED lesson video once more ("Try again"); it becomes PROCESSING. userErrors: ' +
      'NOT_FOUND (unknown videoId), FORBIDDEN (another instructor’s course), INVALID_INPUT (the video is ' +
      'not FAILED, or no longer the lesson’s).',
  })
  retryLessonVideo(
    @Arg('videoId', () => ID, { description: 'The failed video (LessonVideo.id).' }) videoId: string,
    @Ctx() ctx: Context,
  ): Promise<LessonVideoPayload> {
    return payload(
      async () => ({ video: await ctx.services.videos.retry(ctx.user!, videoId, ctx.config.sessionSecret) }),
      { video: null as LessonVideoView | null },
    );
  }

  @Mutation(() => LessonVideoPayload, {
    description:
      'Makes a lesson video a free preview (everyone may watch it, guests too) or enrolled-only again. ' +
      'userErrors: NOT_FOUND (unknown videoId), FORBIDDEN (another instructor’s course).',
  })
  setLessonVideoFreePreview(
    @Arg('videoId', () => ID, { description: 'The video (LessonVideo.id).' }) videoId: string,
    @Arg('freePreview', { description: 'true: everyone may watch it; false: enrolled learners only.' })
    freePreview: boolean,
    @Ctx() ctx: Context,
  ): Promise<LessonVideoPayload> {
    return payload(
      async () => ({
        video: await ctx.services.videos.setFreePreview(
          ctx.user!,
          videoId,
          freePreview,
          ctx.config.sessionSecret,
        ),
      }),
      { video: null as LessonVideoView | null },
    );
  }

  @Mutation(() => LessonVideoPayload, {
    description:
      'Chooses the poster of a READY lesson video among its posterCandidateUrls (or the default frame ' +
      'with null); the lesson page and player show it. userErrors: NOT_FOUND (unknown videoId), FORBIDDEN ' +
      '(another instructor’s course), INVALID_INPUT (no such candidate, the video is not READY or no ' +
      'longer the lesson’s).',
  })
  chooseLessonVideoPoster(
    @Arg('videoId', () => ID, { description: 'The video (LessonVideo.id).' }) videoId: string,
    @Arg('candidate', () => Int, {
      nullable: true,
      description: 'The 0-based index into posterCandidateUrls; null for the default frame.',
    })
    candidate: number | null,
    @Ctx() ctx: Context,
  ): Promise<LessonVideoPayload> {
    return payload(
      async () => ({
        video: await ctx.services.videos.choosePoster(
          ctx.user!,
          videoId,
          candidate ?? null,
          ctx.config.sessionSecret,
        ),
      }),
      { video: null as LessonVideoView | null },
    );
  }

  @Mutation(() => LessonVideoCaptionRemovePayload, {
    description:
      'Removes a caption track from a lesson video (its file too). Captions are uploaded with ' +
      'POST /api/videos/:id/captions. userErrors: NOT_FOUND (unknown captionId, or its video was removed), ' +
      'FORBIDDEN (another instructor’s course).',
  })
  removeLessonVideoCaption(
    @Arg('captionId', () => ID, { description: 'The caption track (LessonVideoCaption.id).' })
    captionId: string,
    @Ctx() ctx: Context,
  ): Promise<LessonVideoCaptionRemovePayload> {
    return payload(
      async () => ({
        removedCaptionId: await ctx.services.videoCaptions.remove(ctx.user!, ctx.storage.private, captionId),
      }),
      { removedCaptionId: null as string | null },
    );
  }

  @Mutation(() => LessonVideoRemovePayload, {
    description:
      'Takes the uploaded video off a lesson (its files are deleted soon after; a YouTube videoUrl is kept). ' +
      'userErrors: NOT_FOUND (unknown lesson, or it has no uploaded video), FORBIDDEN (another ' +
      'instructor’s course).',
  })
  removeLessonVideo(
    @Arg('lessonId', () => ID, { description: 'The lesson whose uploaded video to remove.' })
    lessonId: string,
    @Ctx() ctx: Context,
  ): Promise<LessonVideoRemovePayload> {
    return payload(async () => ({ removedVideoId: await ctx.services.videos.remove(ctx.user!, lessonId) }), {
      removedVideoId: null as string | null,
    });
  }
}

export const videosResolvers = [
  VideosResolver,
  LessonHostedVideoResolver,
  LessonContentHostedVideoResolver,
  AuthoringLessonHostedVideoResolver,
];
