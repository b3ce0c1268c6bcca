import { defineModule } from '../../lib/define-module';
import { LessonVideo } from './lesson-video.entity';
import { videoPlaybackRoute } from './video-playback.route';
import { videoUploadRoute } from './video-upload.route';
import { videosPermissions } from './videos.permissions';
import { videosResolvers } from './videos.resolver';
import { VideosService } from './videos.service';
import './videos.jobs';

/**
 * Hosted lesson videos (issue 34): resumable uploads (tus), processing to HLS on the job queue, and
 * playback through signed, entitlement-checked URLs. Listed in `modules/index.ts`.
 */
export const videosModule = defineModule({
  name: 'videos',
  services: { videos: ({ em }) => new VideosService(em) },
  resolvers: videosResolvers,
  permissions: [videosPermissions],
  entities: [LessonVideo],
  restHandlers: ({ router, createContext }) => {
    const upload = videoUploadRoute(createContext);
    router.all(['/videos/uploads', '/videos/uploads/*rest'], upload);
    router.get('/videos/:id/*path', videoPlaybackRoute(createContext));
  },
});

declare module '../../services' {
  interface Services {
    videos: VideosService;
  }
}
