import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { CertificateTemplate } from './certificate-template.entity';
import {
  CertificateTemplateCreateInput,
  CertificateTemplateCreatePayload,
  CertificateTemplateDeleteInput,
  CertificateTemplateDeletePayload,
  CertificateTemplateSetDefaultInput,
  CertificateTemplateSetDefaultPayload,
  CertificateTemplateUpdateInput,
  CertificateTemplateUpdatePayload,
} from './certificates.types';

/** Per request: how many certificates use each template, read once for the whole list. */
const usageOfRequest = new WeakMap<Context, Promise<Map<string, number>>>();

/** Certificate templates: staff manage them, instructors may read them. */
@Resolver(() => CertificateTemplate)
export class CertificateTemplatesResolver {
  @FieldResolver(() => Int, {
    description: 'Certificates printed from this template (staff and instructors).',
  })
  async certificateCount(@Root() template: CertificateTemplate, @Ctx() ctx: Context): Promise<number> {
    let usage = usageOfRequest.get(ctx);
    if (!usage) {
      usage = ctx.services.certificates.templateUsage();
      usageOfRequest.set(ctx, usage);
    }
    return (await usage).get(template.id) ?? 0;
  }

  @Query(() => [CertificateTemplate], {
    description: 'Every certificate template, the default first (staff and instructors).',
  })
  certificateTemplates(@Ctx() ctx: Context): Promise<CertificateTemplate[]> {
    return ctx.services.certificates.templates();
  }

  @Mutation(() => CertificateTemplateCreatePayload, { description: 'Adds a certificate template (staff).' })
  certificateTemplateCreate(
    @Arg('input') input: CertificateTemplateCreateInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateTemplateCreatePayload> {
    return payload<Omit<CertificateTemplateCreatePayload, 'userErrors'>>(
      async () => ({ template: await ctx.services.certificates.createTemplate(input) }),
      { template: null },
    );
  }

  @Mutation(() => CertificateTemplateUpdatePayload, {
    description: 'Changes a certificate template; issued certificates show the change (staff).',
  })
  certificateTemplateUpdate(
    @Arg('input') input: CertificateTemplateUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateTemplateUpdatePayload> {
    const { id, ...fields } = input;
    return payload<Omit<CertificateTemplateUpdatePayload, 'userErrors'>>(
      async () => ({ template: await ctx.services.certificates.updateTemplate(id, fields) }),
      { template: null },
    );
  }

  @Mutation(() => CertificateTemplateDeletePayload, {
    description: 'Deletes a template no certificate uses; not the default (staff).',
  })
  certificateTemplateDelete(
    @Arg('input') input: CertificateTemplateDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateTemplateDeletePayload> {
    return payload<Omit<CertificateTemplateDeletePayload, 'userErrors'>>(
      async () => ({ deletedTemplateId: await ctx.services.certificates.deleteTemplate(input.id) }),
      { deletedTemplateId: null },
    );
  }

  @Mutation(() => CertificateTemplateSetDefaultPayload, {
    description: 'Makes a template the default, used by courses that name none (staff).',
  })
  certificateTemplateSetDefault(
    @Arg('input') input: CertificateTemplateSetDefaultInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateTemplateSetDefaultPayload> {
    return payload<Omit<CertificateTemplateSetDefaultPayload, 'userErrors'>>(
      () => ctx.services.certificates.setDefaultTemplate(input.id),
      { template: null, templates: [] },
    );
  }
}
