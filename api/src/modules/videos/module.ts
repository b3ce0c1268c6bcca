import { defineModule } from '../../lib/define-module';
import { requireScope } from '../api-tokens';
import { LessonVideoCaption } from './lesson-video-caption.entity';
import { LessonVideo } from './lesson-video.entity';
import { VideoCaptionsService } from './video-captions.service';
import { videoCaptionsRoute } from './video-captions.route';
import { videoPlaybackRoute } from './video-playback.route';
import { videoUploadRoute } from './video-upload.route';
import { videosPermissions } from './videos.permissions';
import { videosResolvers } from './videos.resolver';
import { VideosService } from './videos.service';
import './videos.jobs';

/**
 * Hosted lesson videos (issue 34): resumable uploads (tus), processing to HLS on the job queue, and
 * playback through signed, entitlement-checked URLs; captions, poster choice and scrubbing thumbnails. Listed in `modules/index.ts`.
 */
export const videosModule = defineModule({
  name: 'videos',
  services: {
    videos: ({ em }) => new VideosService(em),
    videoCaptions: ({ em }) => new VideoCaptionsService(em),
  },
  resolvers: videosResolvers,
  permissions: [videosPermissions],
  entities: [LessonVideo, LessonVideoCaption],
  restHandlers: ({ router, createContext }) => {
    const upload = videoUploadRoute(createContext);
    router.all(['/videos/uploads', '/videos/uploads/*rest'], upload);
    router.post('/videos/:id/captions', requireScope('courses:write'), videoCaptionsRoute(createContext));
    router.get('/videos/:id/*path', videoPlaybackRoute(createContext));
  },
});

declare module '../../services' {
  interface Services {
    videos: VideosService;
    videoCaptions: VideoCaptionsService;
  }
}
