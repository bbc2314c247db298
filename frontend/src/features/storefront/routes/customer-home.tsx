import { Card, Center, Grid, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Category } from '../../../../../shared/schemas/category.js';
import { Page } from '../../../components/page.js';
import { SearchBox } from '../../../components/search-box.js';
import { displayName, useSession } from '../../../lib/session.js';
import { useCategoryCards, useCategoryCount, useCategoryStrip } from '../api/catalog.js';
import { ListPager } from '../components/list-pager.js';
import { useListSearch } from '../../../components/list-state.js';
import { MiniCart } from '../components/mini-cart.js';
import { ProductCarousel } from '../components/product-carousel.js';
import { ProductImage } from '../components/product-image.js';

function CategoryCard({ category }: { category: Category }) {
  return (
    <Card withBorder radius="md" padding="sm" component="article" aria-label={category.categoryName}>
      <UnstyledButton component={Link} to={`/cart/${category.categoryId}`} state={{ categoryName: category.categoryName }}>
        <Stack gap="xs">
          <ProductImage url={category.imageUrl} alt="" maxSize={180} />
          <Text fw={600} ta="center" lineClamp={2}>
            {category.categoryName}
          </Text>
        </Stack>
      </UnstyledButton>
    </Card>
  );
}

/**
 * Customer landing (spec 1 section 2): the shop's categories as cards, five to a page and searchable by name, each
 * opening its products; beside them the cart's item count and subtotal and a carousel of the first category's
 * products, moving every 5 seconds.
 */
export default function CustomerHomeScreen() {
  const session = useSession();
  const { search, page, setPage, searchProps } = useListSearch();
  const cards = useCategoryCards(search, page);
  const count = useCategoryCount(search);
  // The carousel shows the shop's first category whatever page or search the cards are on.
  const first = useCategoryCards('', 1);
  const strip = useCategoryStrip(first.data?.[0]?.categoryId);

  if (!session) return null;
  const total = count.data ?? 0;
  return (
    <Page title={`Welcome, ${displayName(session)}`} description={session.tenant?.displayName} size="xl">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Stack gap="md">
            <SearchBox
              label="Search categories"
              placeholder="Search by category name"
              {...searchProps}
            />
            {cards.isPending ? (
              <Center py="xl">
                <Loader aria-label="Loading" />
              </Center>
            ) : cards.data && cards.data.length > 0 ? (
              <SimpleGrid cols={{ base: 2, xs: 3, md: 3, lg: 5 }} spacing="md" role="list" aria-label="Categories">
                {cards.data.map((category) => (
                  <div role="listitem" key={category.categoryId}>
                    <CategoryCard category={category} />
                  </div>
                ))}
              </SimpleGrid>
            ) : (
              <Text c="dimmed" ta="center" py="xl">
                {search ? `No category has a word starting with '${search}'.` : 'The shop has no categories yet.'}
              </Text>
            )}
            <ListPager label="Categories" page={page} total={total} onChange={setPage} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          {session.customer ? (
            <MiniCart>
              {strip.data && strip.data.length > 0 && (
                <ProductCarousel products={strip.data} title={`From ${first.data?.[0]?.categoryName ?? 'the shop'}`} />
              )}
            </MiniCart>
          ) : (
            strip.data && strip.data.length > 0 && <ProductCarousel products={strip.data} title={`From ${first.data?.[0]?.categoryName ?? 'the shop'}`} />
          )}
        </Grid.Col>
      </Grid>
    </Page>
  );
}
