export { PublicProductDetails as default } from './public-storefront.js';
