import { accountRoutes } from '../../shared/routes/accounts.js';
import { writeScope } from '../lib/context.js';
import { toRupees } from '../../shared/money.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { accountData } from './data.js';
import { receivables } from './receivables.js';
import { remind, remindAll } from './remind.js';
import { accountOf, approveOverLimit, ledgerPage, receivePayment, setTerms, statementOf, writeOff } from './service.js';
import { termsPage } from './terms.js';

export const handler = domainHandler('accounts', accountRoutes, {
  async receivables({ query, ctx }) {
    return receivables(ctx.me.tenantId, ctx.now, query.minAge);
  },
  async terms({ query, ctx }) {
    return listPage(await termsPage(ctx.me.tenantId, query));
  },
  async remindAll({ body, ctx }) {
    return remindAll(writeScope(ctx), body.minAge);
  },
  async remind({ params, ctx }) {
    return remind(writeScope(ctx), params.customerId);
  },
  async totalDue({ ctx }) {
    return { totalDue: toRupees(await accountData.totalDue(ctx.me.tenantId)) };
  },
  async get({ params, ctx }) {
    return accountOf(ctx.me.tenantId, params.customerId);
  },
  async settings({ params, body, ctx }) {
    return setTerms(writeScope(ctx), params.customerId, body);
  },
  async entries({ params, query, ctx }) {
    return listPage(await ledgerPage(ctx.me.tenantId, params.customerId, query));
  },
  async statement({ params, query, ctx }) {
    return statementOf(ctx.me.tenantId, params.customerId, query, ctx.now);
  },
  async payment({ params, body, ctx }) {
    return receivePayment(writeScope(ctx), params.customerId, body);
  },
  async writeOff({ params, body, ctx }) {
    return writeOff(writeScope(ctx), params.customerId, body);
  },
  async approve({ params, body, ctx }) {
    return approveOverLimit(writeScope(ctx), params.customerId, body);
  },
});
