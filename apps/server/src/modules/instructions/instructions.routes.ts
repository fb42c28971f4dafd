import type { FastifyInstance } from 'fastify';
import { instructionsApi, type InstructionRecord } from '@portal/shared';
import type { AppContext } from '../../app-context';
import { operationRoutes } from '../../plugins/operations';
import { nudgeNearCutoff } from './cutoff-watch';
import type { InstructionDesk, InstructionViews } from './instructions.service';

/** Issue 12's instruction calls: thin routes over the desk (writes) and the views (reads). */
export function instructionRoutes(app: FastifyInstance, ctx: AppContext, desk: InstructionDesk, views: InstructionViews) {
  const routes = operationRoutes(app, ctx);
  const api = instructionsApi;
  /** A step's answer, once whoever it reached with under an hour left has been told. */
  const told = async <T extends InstructionRecord | InstructionRecord[]>(session: { userId: number }, answer: T): Promise<T> => {
    await nudgeNearCutoff(ctx.database.db, app.events, session.userId, [answer].flat());
    return answer;
  };

  routes.json(api.instructionQuery, async ({ input, session, request }) => views.list(request, session, input));
  routes.json(api.instructionDetail, async ({ input, session, request }) => views.detail(request, session, input.id));
  routes.json(api.instructionClaim, async ({ input, session }) => ({ ids: await views.claim(session, input.step, input.ids) }));
  routes.json(api.payerAccounts, async ({ input, session, request }) => views.payerAccounts(request, session, input.valueDate));
  routes.json(api.batchAccounts, async ({ input, session }) => views.batchAccounts(session, input.ids));

  routes.json(api.instructionAdd, async ({ input, session, request }) => told(session, await desk.add(request, session, input)));
  routes.json(api.instructionUpdate, async ({ input, session, request }) => told(session, await desk.update(request, session, input)));
  routes.json(api.instructionSubmit, async ({ input, session, request }) => told(session, await desk.submit(request, session, input.ids)));
  routes.json(api.instructionRevoke, async ({ input, session, request }) => desk.revoke(request, session, input));
  routes.json(api.instructionReview, async ({ input, session, request }) => told(session, await desk.decide(request, session, 'review', input)));
  routes.json(api.instructionConfirm, async ({ input, session, request }) => told(session, await desk.decide(request, session, 'confirm', input)));
  routes.json(api.instructionConfirmReview, async ({ input, session, request }) => told(session, await desk.decide(request, session, 'confirmReview', input)));

  routes.json(api.attachmentUpload, async ({ input, session, request }) => desk.attach(request, session, input));
  routes.json(api.attachmentRemove, async ({ input, session, request }) => {
    await desk.detach(request, session, input.id);
    return null;
  });
  routes.download(api.attachmentDownload, async ({ input, session, request }) => views.attachment(request, session, input.id));
  routes.download(api.custodianAttachmentDownload, async ({ input, request }) => views.custodianAttachment(request, input.id));

  routes.download(api.instructionEvidence, async ({ input, session, request }) => views.evidence(request, session, input.id, app.bankSigner));
  routes.download(api.custodianEvidence, async ({ input, request }) => views.evidence(request, null, input.id, app.bankSigner));
  routes.download(api.instructionDownload, async ({ input, session, request }) => views.sheet(request, session, input));

  routes.json(api.custodianQuery, async ({ input, session, request }) => views.custodianList(request, session, input));
  routes.json(api.custodianClaim, async ({ input, session }) => ({ ids: await views.custodianClaim(session, input.ids) }));
  routes.json(api.custodianDetail, async ({ input, request }) => views.custodianDetail(request, input.id));
  routes.json(api.custodianCheck, async ({ input, session, request }) => told(session, await desk.decide(request, session, 'check', input)));
  routes.json(api.custodianExecute, async ({ input, session, request }) => desk.execute(request, session, input));
}
