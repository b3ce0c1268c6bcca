import { Field, InputType, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors';
import { ShopBagLineInput } from './shop-bag.types';

@InputType({ description: 'What to check out: given lines (a guest’s bag), or a member’s own bag.' })
export class ShopCheckoutInput {
  @Field(() => [ShopBagLineInput], {
    nullable: true,
    description:
      'The lines to buy (at most 50; a variant given twice counts once with the quantities added, at most 99). Null or omitted: my bag on the server (signed-in members only; a guest must pass lines).',
  })
  lines?: ShopBagLineInput[] | null;
}

@ObjectType({ description: 'Where to send the buyer to pay, or why checkout was refused.' })
export class ShopCheckoutPayload {
  @Field(() => String, {
    nullable: true,
    description:
      'The store’s checkout page for these lines (the member’s e-mail prefilled); the web app sends the browser there. Null on userErrors.',
  })
  checkoutUrl!: string | null;

  @Field(() => [UserError], { description: 'Why checkout was refused; empty on success.' })
  userErrors!: UserError[];
}
