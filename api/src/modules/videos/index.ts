/**
 * The videos module's front door: what other modules (and the app's boot) may use of it.
 */
export { LessonVideoStatus } from './lesson-video.entity';
export { mayWatchVideo } from './video-access';
export { generateTestClip } from './video-transcode';
export { queueDemoVideos } from './demo-videos';
export {
  registerVideoUploadTarget,
  VideoUploadRefused,
  type VideoUploadTarget,
} from './video-upload-targets';
export { LessonVideoView } from './videos.types';
export {
  currentReadyVideoId,
  currentReadyVideosSql,
  retireVideos,
  videoLessonAndStatus,
  videoReadySql,
  videoStatusesSql,
} from './lesson-video-facts';
