import { defineJob, defineSchedule } from '../../jobs';
import { cleanUpVideos } from './video-cleanup';
import { type ProcessVideoJob, PROCESS_VIDEO_JOB } from './video-lifecycle';
import { processVideo } from './video-processing';

/** Probes and transcodes an uploaded lesson video (video-processing.ts): once per upload attempt. */
defineJob<ProcessVideoJob>(PROCESS_VIDEO_JOB, async (data, ctx) => {
  await processVideo(ctx.em, ctx.config, data);
});

/** Space of abandoned uploads and replaced videos is reclaimed (video-cleanup.ts). */
export const CLEAN_UP_VIDEOS_JOB = 'videos.clean-up';
defineJob(CLEAN_UP_VIDEOS_JOB, async (_data, ctx) => {
  await cleanUpVideos(ctx.em, ctx.config);
});
defineSchedule(CLEAN_UP_VIDEOS_JOB, '*/30 * * * *');
