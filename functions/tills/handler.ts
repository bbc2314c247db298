import { tillRoutes } from '../../shared/routes/tills.js';
import { writeScope } from '../lib/context.js';
import { domainHandler, listPage } from '../lib/handler.js';
import { mailClose, printClose } from './close-print.js';
import { tillData } from './data.js';
import { addMove, closeSession, closesPage, currentSession, monthView, openSession, readSessionAs, reopenSession, sessionView, sessionWithMoves } from './service.js';

export const handler = domainHandler('tills', tillRoutes, {
  current: ({ ctx }) => currentSession(writeScope(ctx)),
  open: ({ body, ctx }) => openSession(writeScope(ctx), body),
  byId: async ({ params, ctx }) => sessionWithMoves(ctx.me.tenantId, await readSessionAs(ctx.me, params.id)),
  move: ({ params, body, ctx }) => addMove(writeScope(ctx), params.id, body),
  close: async ({ params, body, ctx }) => {
    const scope = writeScope(ctx);
    const closed = await closeSession(scope, params.id, body);
    const moves = await tillData.moves(scope.tenantId, closed.sessionId);
    return sessionView(closed, moves, await mailClose(scope, closed, moves));
  },
  reopen: ({ params, body, ctx }) => reopenSession(writeScope(ctx), params.id, body.reason),
  print: async ({ params, query, ctx }) => {
    const session = await readSessionAs(ctx.me, params.id);
    return printClose(ctx.me.tenantId, session, await tillData.moves(ctx.me.tenantId, session.sessionId), query.size);
  },
  closes: async ({ params, query, ctx }) => listPage(await closesPage(ctx.me.tenantId, params.month, params.year, query)),
  month: ({ params, ctx }) => monthView(ctx.me.tenantId, params.month, params.year),
});
