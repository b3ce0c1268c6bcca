import type { Db } from './demo-store-query';
import { imagePath } from './demo-store-images';

/**
 * The demo store's catalogue: a dozen dance products (shoes, apparel, practice gear, printed
 * syllabi) with sizes and colours, stock levels (one sold-out variant, one product sold out
 * entirely), USD prices, generated images, four collections and DRX-style tags.
 */

interface SeedProduct {
  handle: string;
  title: string;
  productType: 'Shoes' | 'Apparel' | 'Practice gear' | 'Printed syllabi';
  tags: string[];
  description: string;
  options: { name: string; values: string[] }[];
  price: string;
  compareAtPrice?: string;
  skuPrefix: string;
  collections: string[];
  /** Stock of the variant with these option values (null: not tracked). */
  stock?: (values: string[], index: number) => number | null;
}

export const DEMO_SHOP = {
  name: 'DRX Demo Dance Supply',
  email: 'hello@demo-store.drx.local',
  currencyCode: 'USD',
  vendor: 'DRX Demo Dance Supply',
  timezone: 'America/New_York',
};

const COLLECTIONS = [
  {
    handle: 'dance-shoes',
    title: 'Dance shoes',
    description: '<p>Slippers, jazz and tap shoes, sneakers.</p>',
  },
  { handle: 'dancewear', title: 'Dancewear', description: '<p>Leotards, pants and layers for class.</p>' },
  {
    handle: 'practice-and-study',
    title: 'Practice & study',
    description: '<p>Gear and syllabi for home practice.</p>',
  },
  {
    handle: 'beginners-picks',
    title: "Beginners' picks",
    description: '<p>Everything for a first term.</p>',
  },
];

const defaultStock = (_values: string[], index: number) => 2 + ((index * 7) % 11);

const PRODUCTS: SeedProduct[] = [
  {
    handle: 'canvas-split-sole-ballet-slippers',
    title: 'Canvas Split-Sole Ballet Slippers',
    productType: 'Shoes',
    tags: [
      'style:ballet',
      'age:kids',
      'age:teens',
      'age:adults',
      'level:beginner',
      'level:intermediate',
      'featured',
    ],
    description:
      '<p>Stretch canvas slippers with a split suede sole for a clean point and easy release. Pre-sewn elastics.</p>',
    options: [
      { name: 'Size', values: ['Kids 11', 'Kids 13', 'Adult 5', 'Adult 6', 'Adult 7'] },
      { name: 'Color', values: ['Pink', 'Black'] },
    ],
    price: '24.00',
    skuPrefix: 'SLIP',
    collections: ['dance-shoes', 'beginners-picks'],
    // One sold-out variant: Adult 7 in pink.
    stock: (values, index) =>
      values[0] === 'Adult 7' && values[1] === 'Pink' ? 0 : defaultStock(values, index),
  },
  {
    handle: 'satin-pointe-shoes',
    title: 'Satin Pointe Shoes',
    productType: 'Shoes',
    tags: ['style:ballet', 'age:teens', 'age:adults', 'level:advanced'],
    description:
      '<p>Hand-made satin pointe shoes with a medium shank and a tapered box. Fit with your teacher.</p>',
    options: [{ name: 'Size', values: ['4', '4.5', '5', '5.5', '6', '6.5'] }],
    price: '89.00',
    skuPrefix: 'POINTE',
    collections: ['dance-shoes'],
  },
  {
    handle: 'leather-jazz-shoes',
    title: 'Leather Slip-On Jazz Shoes',
    productType: 'Shoes',
    tags: [
      'style:jazz',
      'style:contemporary',
      'age:teens',
      'age:adults',
      'level:beginner',
      'level:intermediate',
    ],
    description:
      '<p>Soft leather slip-ons with a split rubber sole: grip for turns, flex for every line.</p>',
    options: [
      { name: 'Size', values: ['5', '6', '7', '8', '9'] },
      { name: 'Color', values: ['Black', 'Tan'] },
    ],
    price: '45.00',
    compareAtPrice: '54.00',
    skuPrefix: 'JAZZ',
    collections: ['dance-shoes'],
  },
  {
    handle: 'oxford-tap-shoes',
    title: 'Oxford Tap Shoes',
    productType: 'Shoes',
    tags: ['style:tap', 'age:kids', 'age:teens', 'age:adults', 'level:beginner'],
    description:
      '<p>Lace-up leather tap shoes with screwed-on toe and heel taps for a bright, clear sound.</p>',
    options: [{ name: 'Size', values: ['Kids 12', 'Kids 13', 'Adult 5', 'Adult 7', 'Adult 9'] }],
    price: '65.00',
    skuPrefix: 'TAP',
    collections: ['dance-shoes', 'beginners-picks'],
  },
  {
    handle: 'high-top-dance-sneakers',
    title: 'High-Top Dance Sneakers',
    productType: 'Shoes',
    tags: ['style:hip-hop', 'age:teens', 'age:adults', 'level:intermediate'],
    description:
      '<p>Split-sole sneakers with a pivot point under the ball of the foot. Light and grippy.</p>',
    options: [
      { name: 'Size', values: ['6', '7', '8', '9', '10'] },
      { name: 'Color', values: ['White', 'Black'] },
    ],
    price: '72.00',
    skuPrefix: 'SNKR',
    collections: ['dance-shoes'],
  },
  {
    handle: 'cotton-camisole-leotard',
    title: 'Cotton Camisole Leotard',
    productType: 'Apparel',
    tags: ['style:ballet', 'age:kids', 'age:teens', 'age:adults', 'level:beginner'],
    description: '<p>A classic camisole leotard in breathable cotton-stretch, with a lined front.</p>',
    options: [
      { name: 'Size', values: ['XS', 'S', 'M', 'L'] },
      { name: 'Color', values: ['Black', 'Navy', 'Burgundy'] },
    ],
    price: '32.00',
    skuPrefix: 'LEO',
    collections: ['dancewear', 'beginners-picks'],
  },
  {
    handle: 'jazz-flare-pants',
    title: 'Jazz Flare Pants',
    productType: 'Apparel',
    tags: ['style:jazz', 'style:contemporary', 'age:teens', 'age:adults', 'featured'],
    description: '<p>High-waisted flare pants that move with you, with a fold-over waistband.</p>',
    options: [{ name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL'] }],
    price: '38.00',
    skuPrefix: 'FLARE',
    collections: ['dancewear'],
  },
  {
    handle: 'keep-dancing-hoodie',
    title: '"Keep Dancing" Crew Hoodie',
    productType: 'Apparel',
    tags: ['style:hip-hop', 'age:teens', 'age:adults', 'featured'],
    description: '<p>A heavyweight cotton hoodie for warm-ups and the trip home.</p>',
    options: [
      { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      { name: 'Color', values: ['Gray', 'Black'] },
    ],
    price: '48.00',
    skuPrefix: 'HOOD',
    collections: ['dancewear'],
  },
  {
    handle: 'stretch-band-set',
    title: 'Stretch & Resistance Band Set',
    productType: 'Practice gear',
    tags: [
      'style:ballet',
      'style:contemporary',
      'age:teens',
      'age:adults',
      'level:beginner',
      'level:intermediate',
    ],
    description:
      '<p>Three bands in light, medium and strong resistance for feet, turnout and flexibility.</p>',
    options: [{ name: 'Title', values: ['Default Title'] }],
    price: '19.50',
    skuPrefix: 'BAND',
    collections: ['practice-and-study', 'beginners-picks'],
  },
  {
    handle: 'portable-tap-board',
    title: 'Portable Tap Board',
    productType: 'Practice gear',
    tags: ['style:tap', 'age:kids', 'age:teens', 'age:adults', 'level:beginner', 'level:intermediate'],
    description:
      '<p>A 4×3 ft sprung maple board that rolls up: practise tap anywhere without marking floors.</p>',
    options: [{ name: 'Title', values: ['Default Title'] }],
    price: '120.00',
    skuPrefix: 'TAPBOARD',
    collections: ['practice-and-study'],
    // Sold out entirely.
    stock: () => 0,
  },
  {
    handle: 'contemporary-knee-pads',
    title: 'Contemporary Floor-Work Knee Pads',
    productType: 'Practice gear',
    tags: ['style:contemporary', 'style:hip-hop', 'age:teens', 'age:adults', 'level:intermediate'],
    description: '<p>Low-profile padded sleeves for floor work, slides and knee spins.</p>',
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    price: '22.00',
    skuPrefix: 'KNEE',
    collections: ['practice-and-study'],
  },
  {
    handle: 'grade-1-ballet-syllabus',
    title: 'Printed Syllabus: Grade 1 Ballet',
    productType: 'Printed syllabi',
    tags: ['style:ballet', 'age:kids', 'level:beginner'],
    description: '<p>The Grade 1 ballet syllabus with exercise notes, music counts and illustrations.</p>',
    options: [{ name: 'Edition', values: ['Paperback', 'Spiral-bound'] }],
    price: '14.00',
    skuPrefix: 'SYL-BAL1',
    collections: ['practice-and-study', 'beginners-picks'],
  },
];

function combinations(options: { values: string[] }[]): string[][] {
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((prefix) => option.values.map((value) => [...prefix, value])),
    [[]],
  );
}

function skuPart(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9.]+/g, '');
}

export async function seedDemoStore(tx: Db): Promise<void> {
  const collectionIds = new Map<string, string>();
  for (const c of COLLECTIONS) {
    const [row] = await tx.query<{ id: string }>(
      `insert into demo_store.collections (handle, title, description_html) values ($1, $2, $3) returning id`,
      [c.handle, c.title, c.description],
    );
    collectionIds.set(c.handle, row.id);
  }
  for (const [productIndex, p] of PRODUCTS.entries()) {
    const colours = p.options.find((o) => o.name === 'Color')?.values ?? [];
    const images = [
      { src: imagePath(p.handle), alt: p.title },
      ...colours.map((colour) => ({
        src: imagePath(p.handle, colour),
        alt: `${p.title} in ${colour.toLowerCase()}`,
      })),
    ];
    const [row] = await tx.query<{ id: string }>(
      // A second apart, as if entered one by one: no two share an updated_at.
      `insert into demo_store.products
         (handle, title, description_html, product_type, vendor, tags, options, images, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8,
         date_trunc('seconds', now()) - make_interval(secs => $9::float8),
         date_trunc('seconds', now()) - make_interval(secs => $9::float8))
       returning id`,
      [
        p.handle,
        p.title,
        p.description,
        p.productType,
        DEMO_SHOP.vendor,
        p.tags,
        JSON.stringify(p.options),
        JSON.stringify(images),
        PRODUCTS.length - productIndex,
      ],
    );
    for (const [index, values] of combinations(p.options).entries()) {
      const isDefault = values.length === 1 && values[0] === 'Default Title';
      const colourIndex = p.options.findIndex((o) => o.name === 'Color');
      const stock = (p.stock ?? defaultStock)(values, index + productIndex);
      await tx.query(
        `insert into demo_store.variants
           (product_id, position, title, sku, price, compare_at_price, inventory, selected_options, image_url)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          row.id,
          index + 1,
          values.join(' / '),
          isDefault ? p.skuPrefix : [p.skuPrefix, ...values.map(skuPart)].join('-'),
          p.price,
          p.compareAtPrice ?? null,
          stock,
          JSON.stringify(p.options.map((o, i) => ({ name: o.name, value: values[i] }))),
          colourIndex >= 0 ? imagePath(p.handle, values[colourIndex]) : null,
        ],
      );
    }
    for (const [position, handle] of p.collections.entries()) {
      await tx.query(
        `insert into demo_store.collection_products (collection_id, product_id, position) values ($1, $2, $3)`,
        [collectionIds.get(handle), row.id, position],
      );
    }
  }
}
