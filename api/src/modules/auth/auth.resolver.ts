import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context';
import { payload } from '../../graphql/payload';
import { User } from '../users/user.entity';
import { LoginInput, RegisterInput } from './auth.inputs';
import { readKnownDevice, rememberDevice } from './known-device';
import { AuthPayload, LogoutPayload } from './auth.payloads';

const deviceCookieOptions = (ctx: Context) => ({
  secret: ctx.config.sessionSecret,
  secure: ctx.config.cookieSecure,
});

@Resolver()
export class AuthResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in user, or null for a guest.' })
  me(@Ctx() ctx: Context): User | null {
    return ctx.user;
  }

  @Mutation(() => AuthPayload, { description: 'Signs in with username and password.' })
  login(@Arg('input') input: LoginInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return payload<{ user: User | null }>(
      async () => {
        const device = readKnownDevice(ctx.req, ctx.config.sessionSecret);
        const user = await ctx.services.auth.login(input.username, input.password, ctx.ip, device);
        await ctx.req.session.start(user.id);
        rememberDevice(ctx.res, device, user.id, deviceCookieOptions(ctx));
        ctx.user = user;
        return { user };
      },
      { user: null },
    );
  }

  @Mutation(() => AuthPayload, { description: 'Creates an account and signs it in.' })
  register(@Arg('input') input: RegisterInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return payload<{ user: User | null }>(
      async () => {
        const user = await ctx.services.auth.register(input, {
          ip: ctx.ip,
          limit: ctx.config.registrationLimit,
        });
        await ctx.req.session.start(user.id);
        rememberDevice(
          ctx.res,
          readKnownDevice(ctx.req, ctx.config.sessionSecret),
          user.id,
          deviceCookieOptions(ctx),
        );
        ctx.user = user;
        return { user };
      },
      { user: null },
    );
  }

  @Mutation(() => LogoutPayload, { description: 'Ends the session server-side.' })
  async logout(@Ctx() ctx: Context): Promise<LogoutPayload> {
    await ctx.req.session.end();
    ctx.user = null;
    return { success: true, userErrors: [] };
  }
}
