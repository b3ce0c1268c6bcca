import { Badge, Box, Button, Image, Link, Stack, Switch, Table, Text, Wrap } from '@chakra-ui/react';
import { ImageOff } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { AdminStoreProductRowFragment } from '../../gql/graphql';
import { formatDateTime } from '../../ui/dateFormat';
import { ListTable } from '../../ui/ListTable';
import { formatPriceRange, stockLabel, TAG_GROUPS } from './storeFormat';

export type StoreProductRow = AdminStoreProductRowFragment;

/** A switch of a row that staff flip: show on DRX, or feature. */
export type ProductFlag = 'visible' | 'featured';

export interface StoreProductsTableProps {
  products: readonly StoreProductRow[];
  /** Flip a product's visibility or featured flag. */
  onToggle: (row: StoreProductRow, flag: ProductFlag, value: boolean) => void;
  onEditTags: (row: StoreProductRow) => void;
  /**
   * The product whose change is being saved: its switches ignore flips until it is done (they stay
   * enabled, so keyboard focus is not lost).
   */
  savingId?: string | null;
}

/**
 * The synced products for staff: image, title (with removed / sync-error / store-status badges),
 * price range, stock, the "Visible" and "Featured" switches, DRX tags with "Edit tags", and when
 * it was synced.
 */
export function StoreProductsTable({ products, onToggle, onEditTags, savingId }: StoreProductsTableProps) {
  return (
    <ListTable
      header={
        <>
          <Table.ColumnHeader>
            <Text srOnly>Image</Text>
          </Table.ColumnHeader>
          <Table.ColumnHeader>Product</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
          <Table.ColumnHeader>Stock</Table.ColumnHeader>
          <Table.ColumnHeader>Visible</Table.ColumnHeader>
          <Table.ColumnHeader>Featured</Table.ColumnHeader>
          <Table.ColumnHeader>Tags</Table.ColumnHeader>
          <Table.ColumnHeader>Synced</Table.ColumnHeader>
        </>
      }
    >
      {products.map((row) => {
        const { product } = row;
        const image = product.images[0];
        const saving = savingId === product.id;
        const shownInShop = row.visible && !row.removed && row.storeStatus === 'ACTIVE';
        return (
          <Table.Row key={product.id} data-testid="store-product-row" opacity={row.removed ? 0.7 : 1}>
            <Table.Cell>
              {image ? (
                <Image
                  src={image.url}
                  alt=""
                  boxSize="12"
                  objectFit="cover"
                  borderRadius="l2"
                  loading="lazy"
                  bg="bg.muted"
                />
              ) : (
                <Box
                  boxSize="12"
                  borderRadius="l2"
                  bg="bg.muted"
                  display="grid"
                  placeItems="center"
                  color="fg.muted"
                >
                  <ImageOff size={18} aria-hidden />
                </Box>
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="normal" minW="48">
              <Stack gap={1}>
                {shownInShop ? (
                  <Link asChild fontWeight="semibold">
                    <RouterLink to={`/shop/${product.handle}`}>{product.title}</RouterLink>
                  </Link>
                ) : (
                  <Text fontWeight="semibold">{product.title}</Text>
                )}
                <Text fontSize="xs" color="fg.muted">
                  {[product.productType, product.vendor].filter(Boolean).join(' · ') || product.handle}
                </Text>
                <Wrap gap={1}>
                  {row.removed ? <Badge colorPalette="gray">Removed from the store</Badge> : null}
                  {!row.removed && row.storeStatus !== 'ACTIVE' ? (
                    <Badge colorPalette="gray">{row.storeStatus.toLowerCase()} in the store</Badge>
                  ) : null}
                  {row.syncError ? (
                    <Badge colorPalette="red" title={row.syncError}>
                      Sync error
                    </Badge>
                  ) : null}
                </Wrap>
                {row.syncError ? (
                  <Text fontSize="xs" color="fg.error">
                    {row.syncError}
                  </Text>
                ) : null}
              </Stack>
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              {formatPriceRange(product.minPrice, product.maxPrice)}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">
              <Text color={product.available ? undefined : 'fg.error'}>
                {stockLabel(product.totalInventory, product.available)}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <Switch.Root
                checked={row.visible}
                disabled={row.removed}
                aria-busy={saving || undefined}
                onCheckedChange={(d) => {
                  if (!saving) onToggle(row, 'visible', d.checked);
                }}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label srOnly>Show {product.title} on DRX</Switch.Label>
              </Switch.Root>
            </Table.Cell>
            <Table.Cell>
              <Switch.Root
                checked={product.featured}
                disabled={row.removed}
                aria-busy={saving || undefined}
                onCheckedChange={(d) => {
                  if (!saving) onToggle(row, 'featured', d.checked);
                }}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label srOnly>Feature {product.title}</Switch.Label>
              </Switch.Root>
            </Table.Cell>
            <Table.Cell whiteSpace="normal" minW="48">
              <Stack gap={1} align="flex-start">
                <Wrap gap={1}>
                  {TAG_GROUPS.flatMap(({ key }) =>
                    product[key].map((tag) => (
                      <Badge key={`${key}:${tag}`} variant="outline" colorPalette={TAG_PALETTES[key]}>
                        {tag}
                      </Badge>
                    )),
                  )}
                  {TAG_GROUPS.every(({ key }) => product[key].length === 0) ? (
                    <Text fontSize="sm" color="fg.muted">
                      No tags
                    </Text>
                  ) : null}
                </Wrap>
                <Button
                  size="xs"
                  variant="ghost"
                  onClick={() => onEditTags(row)}
                  aria-label={`Edit tags of ${product.title}`}
                >
                  Edit tags{row.tagsEdited ? ' (set by staff)' : ''}
                </Button>
              </Stack>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" fontSize="sm">
              {formatDateTime(row.syncedAt)}
            </Table.Cell>
          </Table.Row>
        );
      })}
    </ListTable>
  );
}

const TAG_PALETTES = { danceStyles: 'purple', ageGroups: 'teal', skillLevels: 'orange' } as const;
