export { PublicCategories as default } from './public-storefront.js';
