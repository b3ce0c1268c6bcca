import { Field, ObjectType, Query, Resolver } from 'type-graphql';
import { AGE_GROUPS, DANCE_STYLES, RESOURCE_TYPES, ROLES, SKILL_LEVELS } from './reference-lists';

@ObjectType({ description: 'Fixed lists of values for filters and forms.' })
export class ReferenceLists {
  @Field(() => [String])
  resourceTypes!: string[];

  @Field(() => [String])
  danceStyles!: string[];

  @Field(() => [String])
  ageGroups!: string[];

  @Field(() => [String])
  skillLevels!: string[];

  @Field(() => [String])
  roles!: string[];
}

@Resolver()
export class ReferenceResolver {
  @Query(() => ReferenceLists)
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
