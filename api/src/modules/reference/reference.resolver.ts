import { Field, ObjectType, Query, Resolver } from 'type-graphql';
import { AGE_GROUPS, DANCE_STYLES, RESOURCE_TYPES, ROLES, SKILL_LEVELS } from './reference-lists';

@ObjectType({
  description: 'Fixed lists of values for filters and forms; they change only with a new release.',
})
export class ReferenceLists {
  @Field(() => [String], {
    description: 'The kinds of a resource file: document, audio, video, image, text, spreadsheet, other.',
  })
  resourceTypes!: string[];

  @Field(() => [String], { description: 'Dance style names, e.g. "Ballet", "Hip Hop"; "Other" last.' })
  danceStyles!: string[];

  @Field(() => [String], {
    description: 'Age group labels, e.g. "All Ages", "Children (5-8)", "Adult (18+)".',
  })
  ageGroups!: string[];

  @Field(() => [String], {
    description: 'Skill levels: Beginner, Intermediate, Advanced, Professional, Mixed Levels.',
  })
  skillLevels!: string[];

  @Field(() => [String], {
    description:
      'Every role an account can have (the values of `User.roles` and `userRolesUpdate`): user, admin, instructor, student, seller, booking, booking_provider, booking_client, curriculum_officer, curriculum_admin, moderator.',
  })
  roles!: string[];
}

@Resolver()
export class ReferenceResolver {
  @Query(() => ReferenceLists, {
    description: 'The fixed value lists (resource types, dance styles, age groups, skill levels, roles).',
  })
  referenceLists(): ReferenceLists {
    return {
      resourceTypes: RESOURCE_TYPES,
      danceStyles: DANCE_STYLES,
      ageGroups: AGE_GROUPS,
      skillLevels: SKILL_LEVELS,
      roles: ROLES,
    };
  }
}
