export { PublicCategoryProducts as default } from './public-storefront.js';
