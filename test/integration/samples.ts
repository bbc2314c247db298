import { categoryData } from '../../functions/categories/data.js';
import { randomUUID } from 'node:crypto';
import { customerData } from '../../functions/customers/data.js';
import { partnerData } from '../../functions/partners/data.js';
import { policyData } from '../../functions/policies/data.js';
import { productData } from '../../functions/products/data.js';
import { stockData } from '../../functions/stock/data.js';
import { pngDataUrl } from '../../infra/local/seed-catalogue.js';
import { userData } from '../../functions/users/data.js';
import { addDays, indiaToday, isWeekend } from '../../shared/leave-days.js';
import { ALPHA_MARK, alpha } from './tenants.js';

/** A working day a month ahead, so a sample leave is valid whenever the tests run. */
const leaveDay = (() => {
  let day = addDays(indiaToday(new Date()), 30);
  while (isWeekend(day)) day = addDays(day, 1);
  return day;
})();
const leaveForm = { leaveMasterId: 1, startDate: leaveDay, endDate: leaveDay, days: 1, reason: 'Family function' };

/** Routes that end the caller's own sessions on every device; the sweeps call them as `SESSION_USER`. */
export const sessionEndingRoutes: ReadonlySet<string> = new Set(['POST /token/signOut', 'POST /token/signOutEverywhere']);

/**
 * A valid request body for every route that takes one, so the security matrix exercises writes with bodies that
 * would succeed for the right caller. A route added to the table without a sample here fails the matrix.
 */
export const sampleBodies: Record<string, unknown> = {
  'POST /token/generate': { username: 'admin@alpha.shop', password: 'Demo@1234' },
  'POST /token/refresh': { refreshToken: 'a-refresh-token-of-someone-else' },
  'POST /token/signOut': { refreshToken: 'a-refresh-token-of-someone-else' },
  'POST /token/resetPassword/code': { username: 'admin@alpha.shop' },
  'POST /token/mfa': { username: 'admin@alpha.shop', session: 'a-session-of-someone-else', code: '123456' },
  'POST /token/mfa/setup': { refreshToken: 'a-refresh-token-of-someone-else' },
  'POST /token/mfa/confirm': { refreshToken: 'a-refresh-token-of-someone-else', code: '123456' },
  'PUT /token/resetPassword': { username: 'admin@alpha.shop', password: 'Changed@123', passwordVerify: 'Changed@123', code: '123456' },
  'POST /role/rolesByIds': { roleIdList: [1, 2, 3, 4, 5, 6] },
  ...peopleSamples(),
  ...catalogueSamples(),
  ...inventorySamples(),
  ...pointOfSaleSamples(),
  ...storefrontSamples(),
  'POST /leaveSystem': leaveForm,
  'PUT /leaveSystem/update/{id}': leaveForm,
  'PUT /leaveSystem/approve/{id}': { reason: 'Enjoy the function' },
  'PUT /leaveSystem/reject/{id}': { reason: 'Stock taking that week' },
  'POST /leaveMaster': { leaveType: 'Paternity Leave', allowance: 5 },
  'PUT /leaveMaster/{id}': { leaveType: 'Paternity Leave', allowance: 6 },
  'POST /publicHolidays': { date: '2027-05-01', holiday: 'May Day' },
  'PUT /publicHolidays/{id}': { date: '2027-05-01', holiday: 'Labour Day' },
  'POST /companyHolidays': { date: '2027-06-14', holiday: 'Shop anniversary' },
  'PUT /companyHolidays/{id}': { date: '2027-06-14', holiday: 'Shop anniversary' },
  'POST /expense/save': { expenseName: 'Sample courier charge', paymentMode: 'Cash', expenseDate: indiaToday(new Date()), expenseAmount: '250' },
  'PUT /expense/{id}': { expenseName: 'Sample courier charge', paymentMode: 'Online', expenseDate: indiaToday(new Date()), expenseAmount: 260 },
  'POST /till/session/open': { tillName: 'Sample till', openingFloat: 500 },
  'POST /till/session/{id}/move': { kind: 'in', amount: 10, reason: 'Sample change from the bank' },
  'POST /till/session/{id}/close': { count: { n100: 1 }, reason: 'Sample close' },
  'POST /till/session/{id}/reopen': { reason: 'Sample reopen' },
  'PUT /account/{customerId}': { onAccount: true, limit: 5000 },
  'POST /account/{customerId}/payment': { tenders: [{ method: 'cash', amount: 100 }], advance: true },
  'POST /account/{customerId}/writeOff': { amount: 1, reason: 'Sample write-off' },
  'POST /account/{customerId}/approval': { amount: 500 },
  'POST /accounts/remind': { minAge: 30 },
};

function catalogueSamples(): Record<string, unknown> {
  const imageContent = pngDataUrl([200, 120, 40]);
  const product = { productName: 'Sample Jeera', categoryId: 1, description: 'Cumin seeds', size: '100 g', colour: 'Brown', imageContent };
  // An .xls is checked by its OLE2 signature, so these bytes are a valid upload for the matrix.
  const template = new FormData();
  template.append('file', new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])]), 'Sample.xls');
  return {
    'POST /category/save': { categoryName: 'Sample Spices', imageContent },
    'PUT /category/{categoryId}': { categoryName: 'Sample Spices', imageContent },
    'POST /product': [1],
    'POST /product/saveAll': [product],
    'PUT /product/listOfProducts': [{ productId: 1, ...product }],
    'DELETE /product/deleteAllById': [1],
    'POST /tax/save': { categoryType: 'Sample GST 5%', cgst: 2.5, sgst: 2.5 },
    'PUT /tax/{id}': { categoryType: 'Sample GST 5%', cgst: '2.5', sgst: '2.5' },
    'POST /policy/save': { policyName: 'Sample Policy', imageContent },
    'PUT /policy/{policyId}': { policyName: 'Sample Policy', imageContent },
    'POST /template/{id}': template,
    'PUT /template/{id}': template,
    'POST /upload/image': { fileName: 'jeera.png', contentType: 'image/png', size: 2048 },
  };
}

/**
 * Bills of the seeded product of the test shops (product 1, artcode HSN1001, MRP ₹100.00 sold at ₹95.00, 5% GST:
 * tax ₹4.52) to their walk-in customer; sent by another shop's admin they land on that shop's own bill 1.
 */
function pointOfSaleSamples(): Record<string, unknown> {
  const bill = {
    mobileNumber: '9000000004',
    paymentMode: 'Cash',
    purchasedProduct: [{ productId: 1, artcode: 'HSN1001', quantity: 1, sellingPrice: 95 }],
    grossAmount: 100,
    discount: 5,
    tax: 4.52,
    netAmount: 95,
  };
  return {
    'POST /purchase': bill,
    'PUT /purchase/{purchaseId}': bill,
    'POST /purchase/return/{purchaseId}': { paymentMode: 'CASH', purchasedProduct: [{ purchasedProductId: 1, returnQuantity: 1 }], returnAmount: 95 },
    'POST /purchase/reBill/{purchaseId}': { print: true },
    'POST /purchase/{purchaseId}/upi': { method: 'cash' },
    'POST /payment/till-qr': { purchaseId: 1 },
    'POST /payment/upi-uncounted/{paymentId}/refunded-outside': { note: 'Given back in cash at the counter' },
    'POST /purchase/held/{key}/sellAgainstNegativeStock': { reason: 'The shelf count was wrong' },
    'POST /purchase/held/{key}/discard': { reason: 'The customer did not take the goods' },
    // Typed at the till and confirmed: no customer of the sample shops has these addresses.
    'POST /message/email': { toAddress: 'customer@example.in', content: 'Thank you for shopping with us.', recipientConfirmed: true },
    'POST /message/whatsapp': { to: '9000000004', messaging_product: 'whatsapp', type: 'text', text: { body: 'Thank you for shopping with us.' }, recipientConfirmed: true },
  };
}

/**
 * The storefront: what a customer sends for their own cart (customer 1 is the seeded customer of every test shop),
 * and staff's Ship. Aimed at tenant alpha's ids by another shop's users, they act on that shop's own records.
 */
function storefrontSamples(): Record<string, unknown> {
  const webhook = JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_Sample00000001', order_id: 'order_Sample0000001' } } } });
  return {
    'POST /cart/save': { customerId: 1, productId: 1, cartQuantity: 1 },
    'PUT /cart/{customerCartId}': { status: 'Shipped', deliveryPerson: 'Ramesh', deliveryContact: '9845011111' },
    'POST /wish/save': { customerId: 1, productId: 1 },
    'POST /payment/order/external': { currency: 'INR' },
    'POST /payment/order/internal': {
      payment: { razorpay_order_id: 'order_Sample0000001', razorpay_payment_id: 'pay_Sample00000001', razorpay_signature: 'f'.repeat(64) },
    },
    'POST /payment/webhook/razorpay': webhook,
  };
}

function inventorySamples(): Record<string, unknown> {
  // The matrix's userName ('admin') is not the caller, so the upload is refused before the file is read.
  const upload = new FormData();
  upload.append('file', new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04])]), 'Inventory.xlsx');
  return {
    'POST /inventory/save': { productId: 1, artcode: 'SAMPLE-1', barcode: '8900000000017', quantity: 2, cgst: 2.5, sgst: 2.5, mrp: 120, buyingPrice: 90 },
    'POST /inventory/saveByFile/{userName}': upload,
    'POST /stock': { productId: 1, artcode: 'SAMPLE-2', quantity: 3, productPrice: 50 },
    'PUT /stock/{id}': { quantity: 7, productPrice: 55 },
  };
}

/**
 * Employees, roles, shops, customers and partners. Aimed by another shop's admin at alpha's ids (which exist in every
 * shop), these land on the caller's own records, so they are chosen to be harmless there: the employee is the admin
 * themselves (no role change, and a self-delete is refused), the role is ADMIN (which cannot be changed or deleted).
 */
function peopleSamples(): Record<string, unknown> {
  const employee = {
    userName: 'admin',
    emailId: 'admin@example.in',
    mobileNumber: '9811122233',
    dob: '1990-01-01',
    doj: '2024-04-01',
    gender: 'Female',
    address: '5, MG Road, Pune 411001',
    appUserRole: [{ roleId: 1 }],
  };
  const role = { name: 'Sample Clerk', roleModule: [{ moduleName: 'IMS', roleFeature: [{ featureName: 'StockList' }] }] };
  const shop = { displayName: 'Sample Traders', address: '1, Sample Road, Pune 411001', gstNumber: '27AAPFU0939F1ZV' };
  const partner = {
    name: 'Sample Supplier',
    emailId: 'sample@supplier.example',
    companyName: 'Sample Wholesale',
    mobileNumber: '9822233344',
    productDetail: 'Rice',
    address: 'Market Yard, Pune 411037',
  };
  return {
    'POST /token/newPassword': { username: 'admin@alpha.shop', session: 'a-session', password: 'Changed@123', passwordVerify: 'Changed@123' },
    'POST /appUser/save': { ...employee, userName: 'Sample Owner', appUserRole: [{ roleId: 2 }] },
    'PUT /appUser/{id}': employee,
    'POST /appUser/temporaryPassword/{id}': { confirm: true },
    'POST /appUser/confirmEmail': { code: '123456' },
    'POST /role/save': role,
    'PUT /role/{roleId}': role,
    'POST /tenant/save': { ...shop, domain: 'sample.shop', managerName: 'owner', managerEmailId: 'owner@sample.example', managerMobileNumber: '9833344455' },
    'PUT /tenant/{tenantId}': shop,
    'PUT /tenant/currentTenant/reportEmails': { reportEmails: true },
    'POST /customer/save': { customerName: 'Sample Customer', mobileNumber: '9844455566', emailId: 'sample@customer.example', address: 'Pune' },
    'PUT /customer/{customerId}': { emailId: 'walkin@customer.example', address: 'Camp, Pune 411001' },
    'POST /customer/signUp': {
      tenantId: 'alpha',
      customerName: 'Sample Shopper',
      mobileNumber: '9855566677',
      emailId: 'shopper@customer.example',
      address: 'Pune',
      password: 'Shopper@123',
      passwordVerify: 'Shopper@123',
    },
    'POST /businessPartners/save': partner,
    'PUT /businessPartners/{businessPartnersId}': partner,
  };
}

/** Path parameter values that point at tenant alpha's records (ids are per tenant, so they collide across shops). */
export async function alphaParams(): Promise<Record<string, string>> {
  const category = await categoryData.byName('alpha', alpha.catalogue!.categories[0]!.categoryName);
  const [product] = await productData.byNamePrefix('alpha', ALPHA_MARK, 1);
  const policy = await policyData.byName('alpha', alpha.policies[0]!);
  const customerUser = await userData.byUserName('alpha', alpha.users.find((u) => u.customer)!.userName);
  const customer = await customerData.byAppUser('alpha', customerUser!.appUserId);
  const cashier = await userData.byUserName('alpha', 'cashier@alpha.shop');
  // A walk-in customer: deleting the same id in another shop must not cost a seeded user their sign-in.
  const walkIn = await customerData.byMobile('alpha', alpha.walkInCustomers![0]!.mobileNumber);
  const {
    items: [partner],
  } = await partnerData.page('alpha', { page: 0, size: 1 });
  return {
    appUserId: String(customerUser!.appUserId),
    customerId: String(walkIn!.customerId),
    roleId: '1',
    tenantId: 'alpha',
    mobile: customer!.mobileNumber,
    userName: 'admin',
    businessPartnersId: String(partner!.businessPartnersId),
    id: '1',
    categoryId: String(category!.categoryId),
    policyId: String(policy!.policyId),
    ids: String(product!.productId),
    // Lower case: names match in any letter case, and an answer echoing a path value must not look like a leak.
    text: ALPHA_MARK.toLowerCase(),
    name: alpha.policies[0]!.toLowerCase(),
    categoryName: category!.categoryName.toLowerCase(),
    categoryType: alpha.catalogue!.taxes[0]!.categoryType.toLowerCase(),
    userId: String(cashier!.appUserId),
    start: leaveDay,
    end: leaveDay,
    ...(await inventoryParams()),
    ...pointOfSaleParams(),
    ...storefrontParams(),
  };
}

/**
 * The query of a route that needs one, as query name → the name of the `alphaParams` value to send, so the matrix
 * reaches the route's handler rather than its validation (the customer's totals get a search too).
 */
export const sampleQueries: Record<string, Record<string, string>> = {
  'GET /purchase/searchTotals/{text}': { date: 'date' },
  'GET /purchase/custMobileTotals/{mobile}': { search: 'text' },
  'GET /audit': { from: 'date', to: 'date' },
};

/** Statuses, and ids no shop has yet (cart and wish ids are per shop, so they name the caller's own records). */
function storefrontParams(): Record<string, string> {
  return { status: 'InCart', statuses: 'OrderSuccess,Shipped', customerCartId: '1', customerWishId: '1', orderId: 'order_Sample0000001', qrId: 'qr_Sample000000001', paymentId: 'pay_Sample00000001' };
}

/** Bill 1 of every test shop is a seeded sale; the month is the current one; no held bill has the key. */
function pointOfSaleParams(): Record<string, string> {
  const [year, month] = indiaToday(new Date()).split('-');
  // A held bill's key: no shop holds one by this key, so a permitted caller reaches the handler and is told so.
  return { purchaseId: '1', returnId: '1', month: String(Number(month)), year: year!, mode: 'Cash', key: 'sample-held-bill-key-0001' };
}

/** Alpha's first stock line, the day it was received, an upload id no shop has. */
async function inventoryParams(): Promise<Record<string, string>> {
  const [line] = await stockData.first('alpha', 1);
  return {
    date: indiaToday(new Date(line!.createdOn!)),
    all: 'true',
    artcode: line!.artcode.toLowerCase(),
    searchText: ALPHA_MARK.toLowerCase(),
    format: 'pdf',
    uploadId: randomUUID(),
    batch: '1',
  };
}
