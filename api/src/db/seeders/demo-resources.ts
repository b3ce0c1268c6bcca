import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../../modules/auth';
import { DanceStyle } from '../../modules/courses';
import {
  Entitlement,
  ResourceCategory,
  ResourceFile,
  Resource,
  Review,
  type PayoutStatus,
  SellerProfile,
} from '../../modules/resources';
import { User } from '../../modules/users';
import type { Storage } from '../../storage/storage';
import {
  DEMO_RESOURCE_CATEGORIES,
  DEMO_RESOURCES,
  DEMO_SELLER_PROFILES,
  DEMO_STORE_SELLERS,
} from './demo-resources.data';
import { DEMO_PASSWORD, verifyDemoAddresses } from './demo-users';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A small sample file for each demo resource, in the private area of the app's storage (never
 * /uploads); one left by an earlier seeding of the same storage is kept (same bytes).
 */
async function writeSampleFile(
  files: Storage,
  storageKey: string,
  { title, description, file }: { title: string; description: string; file: { contentType: string } },
): Promise<number> {
  const content = Buffer.from(
    `DRX demo resource\n\n${title}\n\n${description}\n\nThis sample file stands in for the real material.\n`,
  );
  try {
    if (!(await files.exists(storageKey)))
      await files.put(storageKey, content, { contentType: file.contentType });
  } catch (error) {
    console.warn('[seed] could not write a demo resource file', error);
  }
  return content.length;
}

/** The demo curriculum store: sellers' stores, resources of every type, reviews, a featured set. */
export async function seedDemoResources(em: EntityManager, privateFiles: Storage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const s of DEMO_STORE_SELLERS) {
    const usernameKey = s.username.toLowerCase();
    if (await em.count(User, { usernameKey })) continue;
    em.create(User, {
      username: s.username,
      usernameKey,
      email: `${s.username}@demo.drx.dance`,
      passwordHash,
      role: 'seller',
      roles: ['seller'],
      firstName: s.firstName,
      lastName: s.lastName,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  }
  await em.flush();
  await verifyDemoAddresses(em);

  const users = new Map(
    (
      await em.find(User, {
        usernameKey: { $in: [...Object.keys(DEMO_SELLER_PROFILES), 'member', 'instructor'] },
      })
    ).map((u) => [u.usernameKey, u]),
  );
  const styles = new Map((await em.find(DanceStyle, {})).map((s) => [s.name, s]));
  const categories = new Map(
    DEMO_RESOURCE_CATEGORIES.map((c) => [c.name, em.create(ResourceCategory, { ...c })] as const),
  );
  for (const [username, profile] of Object.entries(DEMO_SELLER_PROFILES)) {
    const user = users.get(username);
    if (!user) continue;
    em.create(SellerProfile, {
      user,
      storeName: profile.storeName,
      bio: profile.bio,
      payoutStatus: profile.payoutStatus as PayoutStatus,
      stripeAccountId: null,
    });
  }

  for (const [index, data] of DEMO_RESOURCES.entries()) {
    const seller = users.get(data.seller);
    if (!seller) continue;
    const resource = em.create(Resource, {
      title: data.title,
      description: data.description,
      type: data.type,
      danceStyle: styles.get(data.danceStyle) ?? null,
      ageGroup: data.ageGroup,
      skillLevel: data.skillLevel,
      category: categories.get(data.category) ?? null,
      priceCents: data.priceCents,
      seller,
      status: data.status ?? 'published',
      rejectionReason: data.rejectionReason ?? null,
      featured: data.featured ?? false,
      downloadCount: data.downloads,
      // Demo figures: as many buyers as downloads, so "Most popular" has an order to show.
      downloaderCount: data.downloads,
      // Newest first follows the list order.
      createdAt: new Date(Date.now() - index * 60_000),
    });
    const storageKey = `resources/demo/${slug(data.title)}/${data.file.name}.txt`;
    em.create(ResourceFile, {
      resource,
      storageKey,
      fileName: data.file.name,
      contentType: data.file.contentType,
      sizeBytes: await writeSampleFile(privateFiles, storageKey, data),
    });
    for (const [username, rating, body] of data.reviews ?? []) {
      const user = users.get(username);
      if (!user) continue;
      em.create(Entitlement, { user, resource, source: 'granted' });
      em.create(Review, { user, resource, rating, body });
    }
  }
  await em.flush();
  await em.execute(
    `update resources r set
       rating_average = coalesce((select round(avg(rating), 2) from reviews v where v.resource_id = r.id), 0),
       rating_count = (select count(*) from reviews v where v.resource_id = r.id)`,
  );
}
