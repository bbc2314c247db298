import { uploadRoutes } from '../../shared/routes/uploads.js';
import { domainHandler } from '../lib/handler.js';
import { requestImageUpload } from '../lib/images.js';

export const handler = domainHandler('uploads', uploadRoutes, {
  async image({ body, ctx }) {
    return requestImageUpload(ctx.me.tenantId, body);
  },
});
