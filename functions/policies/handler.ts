import { policyRoutes } from '../../shared/routes/policies.js';
import { writeScope } from '../lib/context.js';
import { NotFound } from '../lib/errors.js';
import { domainHandler } from '../lib/handler.js';
import { policyData } from './data.js';
import { POLICY_NOT_FOUND, createPolicy, deletePolicy, findPolicy, updatePolicy, withImageUrl } from './service.js';

export const handler = domainHandler('policies', policyRoutes, {
  async all({ ctx }) {
    return Promise.all((await policyData.all(ctx.me.tenantId)).map(withImageUrl));
  },
  async byName({ params, ctx }) {
    const policy = await policyData.byName(ctx.me.tenantId, params.name);
    if (!policy) throw new NotFound(POLICY_NOT_FOUND);
    return withImageUrl(policy);
  },
  async byId({ params, ctx }) {
    return withImageUrl(await findPolicy(ctx.me.tenantId, params.id));
  },
  async isExist({ params, ctx }) {
    return (await policyData.names.owner(ctx.me.tenantId, params.name)) !== undefined;
  },
  async save({ body, ctx }) {
    return createPolicy(writeScope(ctx), body);
  },
  async update({ params, body, ctx }) {
    return updatePolicy(writeScope(ctx), params.policyId, body);
  },
  async remove({ params, ctx }) {
    return deletePolicy(writeScope(ctx), params.id);
  },
});
