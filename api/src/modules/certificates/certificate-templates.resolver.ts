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
    description:
      'How many certificates print with this template, revoked and reissued ones included (readable by staff and instructors only).',
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
    description: 'Every certificate template: the default first, then by name.',
  })
  certificateTemplates(@Ctx() ctx: Context): Promise<CertificateTemplate[]> {
    return ctx.services.certificates.templates();
  }

  @Mutation(() => CertificateTemplateCreatePayload, {
    description:
      'Adds a certificate template (not the default). userErrors: INVALID_INPUT (name, heading or body blank; a text too long; an unknown {{placeholder}}; accentColor not #rrggbb), with the field at fault.',
  })
  certificateTemplateCreate(
    @Arg('input', { description: 'The new template’s fields.' }) input: CertificateTemplateCreateInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateTemplateCreatePayload> {
    return payload<Omit<CertificateTemplateCreatePayload, 'userErrors'>>(
      async () => ({ template: await ctx.services.certificates.createTemplate(input) }),
      { template: null },
    );
  }

  @Mutation(() => CertificateTemplateUpdatePayload, {
    description:
      'Changes a certificate template; certificates already issued with it show the change (their web page and PDF are drawn from it). userErrors: NOT_FOUND (id), INVALID_INPUT (as certificateTemplateCreate).',
  })
  certificateTemplateUpdate(
    @Arg('input', { description: 'The template and the fields to change.' })
    input: CertificateTemplateUpdateInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateTemplateUpdatePayload> {
    const { id, ...fields } = input;
    return payload<Omit<CertificateTemplateUpdatePayload, 'userErrors'>>(
      async () => ({ template: await ctx.services.certificates.updateTemplate(id, fields) }),
      { template: null },
    );
  }

  @Mutation(() => CertificateTemplateDeletePayload, {
    description:
      'Deletes a template that no certificate uses; courses that named it use the default template from then on. userErrors: NOT_FOUND (id), INVALID_INPUT (it is the default, or certificates use it).',
  })
  certificateTemplateDelete(
    @Arg('input', { description: 'The template to delete.' }) input: CertificateTemplateDeleteInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateTemplateDeletePayload> {
    return payload<Omit<CertificateTemplateDeletePayload, 'userErrors'>>(
      async () => ({ deletedTemplateId: await ctx.services.certificates.deleteTemplate(input.id) }),
      { deletedTemplateId: null },
    );
  }

  @Mutation(() => CertificateTemplateSetDefaultPayload, {
    description:
      'Makes a template the default, used for certificates of courses that name no template; the previous default stops being one. userErrors: NOT_FOUND (id).',
  })
  certificateTemplateSetDefault(
    @Arg('input', { description: 'The template to make the default.' })
    input: CertificateTemplateSetDefaultInput,
    @Ctx() ctx: Context,
  ): Promise<CertificateTemplateSetDefaultPayload> {
    return payload<Omit<CertificateTemplateSetDefaultPayload, 'userErrors'>>(
      () => ctx.services.certificates.setDefaultTemplate(input.id),
      { template: null, templates: [] },
    );
  }
}
