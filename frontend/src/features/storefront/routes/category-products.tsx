import { Anchor, Center, Grid, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { MessageModal } from '../../../components/message-modal.js';
import { Page } from '../../../components/page.js';
import { isApiError } from '../../../lib/api-client.js';
import { SearchBox } from '../../../components/search-box.js';
import { useCategoryCard, useCategoryProductCount, useCategoryProducts } from '../api/catalog.js';
import { ListPager } from '../components/list-pager.js';
import { useListSearch } from '../../../components/list-state.js';
import { MiniCart } from '../components/mini-cart.js';
import { ProductCard } from '../components/product-card.js';

/**
 * Product listing of a category (spec 1 section 2, titled 'Add To Cart'): products in name order, five to a page,
 * searchable by name, each card buying straight into the cart; the mini cart beside them and a modal with OK for
 * what the server refuses.
 */
export default function CategoryProductsScreen() {
  const categoryId = Number(useParams().categoryId);
  const passedName = (useLocation().state as { categoryName?: string } | null)?.categoryName;
  const valid = Number.isInteger(categoryId) && categoryId > 0;
  // Opened by its address (a bookmark, a shared link, a reload without state): the card tells the name.
  const card = useCategoryCard(categoryId, valid && !passedName);
  const categoryName = passedName ?? card.data?.categoryName;
  const unknown = !valid || (card.isError && isApiError(card.error) && card.error.status === 404);
  const { search, page, setPage, searchProps } = useListSearch();
  const [message, setMessage] = useState<string | null>(null);
  const products = useCategoryProducts(categoryId, search, page);
  const count = useCategoryProductCount(categoryId, search);

  return (
    <Page
      title="Add To Cart"
      description={categoryName}
      size="xl"
      actions={
        <Anchor component={Link} to="/customerHome" size="sm">
          All categories
        </Anchor>
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="md">
            <SearchBox
              label="Search products"
              placeholder="Search by product name"
              {...searchProps}
            />
            {unknown ? (
              <Text c="dimmed" ta="center" py="xl">
                There is no such category.
              </Text>
            ) : products.isPending ? (
              <Center py="xl">
                <Loader aria-label="Loading" />
              </Center>
            ) : products.data && products.data.length > 0 ? (
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
                {products.data.map((product) => (
                  <ProductCard key={`${product.productId}-${product.stockId}`} product={product} onMessage={setMessage} />
                ))}
              </SimpleGrid>
            ) : (
              <Text c="dimmed" ta="center" py="xl">
                {search ? `No product has a word starting with '${search}'.` : 'This category has no products yet.'}
              </Text>
            )}
            <ListPager label="Products" page={page} total={count.data ?? 0} onChange={setPage} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <MiniCart />
        </Grid.Col>
      </Grid>
      <MessageModal opened={message !== null} message={message ?? ''} onClose={() => setMessage(null)} />
    </Page>
  );
}
