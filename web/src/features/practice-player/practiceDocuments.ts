import { graphql } from '../../gql';

export const PracticeStateFieldsFragment = graphql(`
  fragment PracticeStateFields on PracticeState {
    positionSeconds
    watchedSeconds
    durationSeconds
    watched
    mirror
    speed
    loopA
    loopB
    countIn
    countInBpm
    updatedAt
  }
`);

export const SavePracticeStateDocument = graphql(`
  mutation SavePracticeState($lessonId: ID!, $input: PracticeStateInput!) {
    savePracticeState(lessonId: $lessonId, input: $input) {
      practice {
        ...PracticeStateFields
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);

export const LessonStepMarkersDocument = graphql(`
  query LessonStepMarkers($id: ID!) {
    lesson(id: $id) {
      id
      stepMarkers {
        label
        atSeconds
      }
    }
  }
`);

export const SetLessonStepMarkersDocument = graphql(`
  mutation SetLessonStepMarkers($lessonId: ID!, $markers: [StepMarkerInput!]!) {
    setLessonStepMarkers(lessonId: $lessonId, markers: $markers) {
      lessonId
      stepMarkers {
        label
        atSeconds
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`);
