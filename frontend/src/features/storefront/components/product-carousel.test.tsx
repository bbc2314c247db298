import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shelfProduct } from '../../../../../test/web/storefront-browse-fixtures.js';
import { theme } from '../../../app/theme.js';
import { CAROUSEL_INTERVAL_MS, ProductCarousel } from './product-carousel.js';

const products = [
  shelfProduct({ productId: 1, productName: 'Toor Dal' }),
  shelfProduct({ productId: 2, productName: 'Cow Ghee' }),
  shelfProduct({ productId: 3, productName: 'Rock Salt' }),
];

const renderCarousel = () =>
  render(
    <MantineProvider theme={theme} env="test">
      <MemoryRouter>
        <ProductCarousel products={products} title="From Rice, Atta & Dal" />
      </MemoryRouter>
    </MantineProvider>,
  );

const shown = () => screen.getByTestId('carousel-product').textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Product carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 5000 ms and starts again after the last product', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    renderCarousel();
    expect(shown()).toBe('Toor Dal');
    wait(4999);
    expect(shown()).toBe('Toor Dal');
    wait(1);
    expect(shown()).toBe('Cow Ghee');
    wait(5000);
    expect(shown()).toBe('Rock Salt');
    wait(5000);
    expect(shown()).toBe('Toor Dal');
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('moves by hand with previous and next, and gives the chosen product a full 5000 ms', () => {
    renderCarousel();
    wait(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Next product' }));
    expect(shown()).toBe('Cow Ghee');
    wait(4999);
    expect(shown()).toBe('Cow Ghee');
    wait(1);
    expect(shown()).toBe('Rock Salt');
    fireEvent.click(screen.getByRole('button', { name: 'Previous product' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous product' }));
    expect(shown()).toBe('Toor Dal');
    fireEvent.click(screen.getByRole('button', { name: 'Previous product' }));
    expect(shown()).toBe('Rock Salt');
  });

  it('stands still with a single product', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <ProductCarousel products={products.slice(0, 1)} title="One" />
        </MemoryRouter>
      </MantineProvider>,
    );
    wait(20_000);
    expect(shown()).toBe('Toor Dal');
    expect(screen.queryByRole('button', { name: 'Next product' })).not.toBeInTheDocument();
  });
});
