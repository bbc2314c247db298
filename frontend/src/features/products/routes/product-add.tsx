import { RequireFeature } from '../../../components/feature-gate.js';
import { Page } from '../../../components/page.js';
import { ProductRowsForm } from '../components/product-rows-form.js';
import { emptyRow } from '../components/product-rows.js';

/** /product/new: bulk add, starting with three empty rows (spec 2 section 2). */
export default function ProductAddScreen() {
  return (
    <Page title="Add Products" description="Every field is required, the image too. Add as many rows as you need.">
      <RequireFeature anyOf={['ProductEdit']} what="adding products" back="/product">
        <ProductRowsForm mode="add" initialRows={[emptyRow(), emptyRow(), emptyRow()]} />
      </RequireFeature>
    </Page>
  );
}
