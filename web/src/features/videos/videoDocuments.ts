import { graphql } from '../../gql';

/** A lesson's hosted video as the editor and the lesson page read it (issue 34). */
export const LessonHostedVideoFragment = graphql(`
  fragment LessonHostedVideo on LessonVideo {
    id
    status
    freePreview
    failureReason
    durationSeconds
    posterUrl
    playlistUrl
    posterChoice
    posterCandidateUrls
    thumbnailsUrl
    captions {
      id
      srclang
      label
      url
    }
  }
`);

/** The editor polls the video while it uploads and processes. */
export const LessonVideoQueryDocument = graphql(`
  query LessonVideo($id: ID!) {
    lessonVideo(id: $id) {
      ...LessonHostedVideo
    }
  }
`);

export const RetryLessonVideoMutationDocument = graphql(`
  mutation RetryLessonVideo($videoId: ID!) {
    retryLessonVideo(videoId: $videoId) {
      video {
        ...LessonHostedVideo
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const RemoveLessonVideoMutationDocument = graphql(`
  mutation RemoveLessonVideo($lessonId: ID!) {
    removeLessonVideo(lessonId: $lessonId) {
      removedVideoId
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const SetLessonVideoFreePreviewMutationDocument = graphql(`
  mutation SetLessonVideoFreePreview($videoId: ID!, $freePreview: Boolean!) {
    setLessonVideoFreePreview(videoId: $videoId, freePreview: $freePreview) {
      video {
        ...LessonHostedVideo
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** The instructor picks the poster among the candidate frames (null: the default frame). */
export const ChooseLessonVideoPosterMutationDocument = graphql(`
  mutation ChooseLessonVideoPoster($videoId: ID!, $candidate: Int) {
    chooseLessonVideoPoster(videoId: $videoId, candidate: $candidate) {
      video {
        ...LessonHostedVideo
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** Captions are uploaded with POST /api/videos/:id/captions; removed with this. */
export const RemoveLessonVideoCaptionMutationDocument = graphql(`
  mutation RemoveLessonVideoCaption($captionId: ID!) {
    removeLessonVideoCaption(captionId: $captionId) {
      removedCaptionId
      userErrors {
        code
        field
        message
      }
    }
  }
`);
