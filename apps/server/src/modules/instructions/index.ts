import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { InstructionClaims } from './claims';
import { cutoffCounts } from './cutoff-watch';
import { registerInstructionReports } from './instruction-reports';
import { homeCounts } from './instructions.queries';
import { instructionRoutes } from './instructions.routes';
import { InstructionDesk, InstructionViews } from './instructions.service';

export { createEntries, judgeEntries, type Entry, type EntryError, type EntryRow } from './bulk-entry';

/**
 * Payment instructions (issue 12): entry, review, third-party confirmation and its review,
 * custodian check and execution, attachments and downloads, who is working on which waiting
 * instruction (claims); their home counts, and the nudge of a step that leaves one near its cut-off.
 * A bulk import judges and creates its entries through `judgeEntries` and `createEntries`, the
 * same rules entry applies.
 */
export async function instructionsModule(app: FastifyInstance, ctx: AppContext) {
  instructionRoutes(app, ctx, new InstructionDesk(ctx, (notified) => app.messages.announce(...notified)), new InstructionViews(ctx, new InstructionClaims(ctx)));
  app.reminders.register((scope) => homeCounts(ctx.database.db, scope));
  app.reminders.register((scope) => cutoffCounts(ctx, scope));
  registerInstructionReports();
}
