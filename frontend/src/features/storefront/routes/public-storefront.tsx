import { Alert, Anchor, Badge, Button, Card, Center, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatRupees } from '../../../../../shared/format.js';
import { inventoryRoutes } from '../../../../../shared/routes/inventory.js';
import type { PublicProduct } from '../../../../../shared/schemas/public-catalogue-answers.js';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { callApi, callApiPage } from '../../../lib/api-client.js';
import { errorText } from '../../../lib/query-client.js';
import { rememberCartAdd } from '../../../lib/pending-cart.js';

/**
 * The public storefront (docs/storefront.md, "Public storefront"): a shop's categories, a category's products and a
 * product's details for visitors who have not signed in, read from the public catalogue routes. "Add to cart"
 * remembers the product and sends the visitor to sign in or sign up; the signed-in product page then adds it.
 */

const PAGE = 24;

function Waiting({ error }: { error: unknown }) {
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/**
 * The pages of a public list read so far, a page at a time by the server's cursor; "Show more" reads the next one.
 * The first page is the one CloudFront holds for everyone; each further page is cached by its cursor.
 */
function usePublicPages<T>(queryKey: readonly unknown[], fetchPage: (cursor?: string) => Promise<{ items: T[]; next?: string }>) {
  const pages = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next,
  });
  return { ...pages, items: pages.data?.pages.flatMap((p) => p.items) };
}

function ShowMore({ pages }: { pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  if (!pages.hasNextPage) return null;
  return (
    <Center mt="md">
      <Button variant="light" loading={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
        Show more
      </Button>
    </Center>
  );
}

const stockBadge = (inStock: boolean) => (
  <Badge color={inStock ? 'green' : 'red'} variant="light">
    {inStock ? 'In stock' : 'Out of stock'}
  </Badge>
);

/** A public list's search: any word of the name; clearing it shows the whole list again. */
function PublicSearch({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  return <SearchBox label={label} placeholder={label} onSearch={onSearch} onClear={() => onSearch('')} />;
}

/** What a searched public list says when nothing matched. */
function NoMatch({ what, search }: { what: string; search: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      No {what} has a word starting with '{search}'.
    </Text>
  );
}

/** `/shop/{shop}`: the shop's categories, searched by any word of the name. */
export function PublicCategories() {
  const shop = useParams().shop ?? '';
  const [search, setSearch] = useState('');
  const categories = usePublicPages(['public', shop, 'categories', search], (cursor) =>
    callApiPage(inventoryRoutes.publicCategories, { params: { shop }, query: { size: PAGE, cursor, ...(search ? { search } : {}) } }),
  );
  return (
    <Page title="Shop by category">
      <PublicSearch label="Search categories" onSearch={setSearch} />
      {!categories.items ? (
        <Waiting error={categories.error} />
      ) : search && !categories.items.length ? (
        <NoMatch what="category" search={search} />
      ) : (
        <CategoryCards shop={shop} categories={categories.items} />
      )}
      <ShowMore pages={categories} />
    </Page>
  );
}

function CategoryCards({ shop, categories }: { shop: string; categories: { categoryId: number; categoryName: string; imageUrl?: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      {categories.map((c) => (
        <Card key={c.categoryId} withBorder component={Link} to={`/shop/${shop}/category/${c.categoryId}`}>
          {c.imageUrl && <Image src={c.imageUrl} alt={c.categoryName} h={140} fit="contain" />}
          <Text fw={600} mt="sm">
            {c.categoryName}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** `/shop/{shop}/category/{categoryId}`: a category's products, searched by any word of the name. */
export function PublicCategoryProducts() {
  const { shop = '', categoryId = '' } = useParams();
  const [search, setSearch] = useState('');
  const products = usePublicPages(['public', shop, 'category', categoryId, search], (cursor) =>
    callApiPage(inventoryRoutes.publicCategoryProducts, {
      params: { shop, categoryId: Number(categoryId) },
      query: { size: PAGE, cursor, ...(search ? { search } : {}) },
    }),
  );
  return (
    <Page title="Products">
      <Anchor component={Link} to={`/shop/${shop}`}>
        All categories
      </Anchor>
      <PublicSearch label="Search products" onSearch={setSearch} />
      {!products.items ? (
        <Waiting error={products.error} />
      ) : search && !products.items.length ? (
        <NoMatch what="product" search={search} />
      ) : (
        <ProductCards shop={shop} products={products.items} />
      )}
      <ShowMore pages={products} />
    </Page>
  );
}

function ProductCards({ shop, products }: { shop: string; products: PublicProduct[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="md">
      {products.map((p) => (
        <Card key={p.productId} withBorder>
          {p.imageUrl && <Image src={p.imageUrl} alt={p.productName} h={140} fit="contain" />}
          {p.artcode ? (
            <Anchor component={Link} to={`/shop/${shop}/product/${encodeURIComponent(p.artcode)}`} fw={600} mt="sm">
              {p.productName}
            </Anchor>
          ) : (
            <Text fw={600} mt="sm">
              {p.productName}
            </Text>
          )}
          <Group gap="xs">
            <Text>{formatRupees(p.sellingPrice)}</Text>
            {stockBadge(p.inStock)}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** `/shop/{shop}/product/{artcode}`: where a shared product link opens. */
export function PublicProductDetails() {
  const { shop = '', artcode = '' } = useParams();
  const navigate = useNavigate();
  const product = useQuery({
    queryKey: ['public', shop, 'product', artcode],
    queryFn: () => callApi(inventoryRoutes.publicProduct, { params: { shop, artcode } }),
    retry: false,
  });
  if (!product.data) return <Waiting error={product.error} />;
  const p: PublicProduct = product.data;
  const addToCart = (to: string) => {
    rememberCartAdd({ shop, artcode: p.artcode, productId: p.productId });
    navigate(to, { state: { notice: `Sign in or sign up to add ${p.productName} to your cart.` } });
  };
  return (
    <Page title={p.productName} description={p.description || undefined}>
      <Group align="flex-start" gap="xl">
        {p.imageUrl && <Image src={p.imageUrl} alt={p.productName} maw={420} fit="contain" />}
        <Stack gap="sm">
          <Title order={2} fz="xl">
            {p.productName}
          </Title>
          <Text>
            Size: {p.size || '—'} · Colour: {p.colour || '—'}
          </Text>
          <Group gap="xs">
            <Text fz="xl" fw={700}>
              {formatRupees(p.sellingPrice)}
            </Text>
            {p.mrp > p.sellingPrice && (
              <Text td="line-through" c="dimmed">
                {formatRupees(p.mrp)}
              </Text>
            )}
          </Group>
          {stockBadge(p.inStock)}
          <Group>
            <Button disabled={!p.inStock} onClick={() => addToCart('/login')}>
              Add to cart
            </Button>
            <Button variant="default" disabled={!p.inStock} onClick={() => addToCart('/customer/new')}>
              Sign up and add to cart
            </Button>
          </Group>
          <Anchor component={Link} to={`/shop/${shop}/category/${p.categoryId}`}>
            More in this category
          </Anchor>
        </Stack>
      </Group>
    </Page>
  );
}
