/**
 * Customer messages, apart from the schemas of customer.ts (which build the sign-up and address schemas too) so that
 * the business partners' checks can say them without building those; customer.ts exports them too.
 */

export const CUSTOMER_NAME_EXISTS = 'Customer Name already exists!!!';
export const MOBILE_EXISTS = 'Mobile Number already Exists !!!';
