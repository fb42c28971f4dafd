import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { SessionStore } from '../../platform/sessions';
import type { LiveEvents } from '../events';
import { scanRoutes } from './scan.routes';
import { ScanLogin } from './scan.service';

/** Scan-code login (spec §1, §4; docs/scan-login.md): the phone's session lets a desktop log in. */
export async function scanModule(app: FastifyInstance, ctx: AppContext, sessions: SessionStore, events: LiveEvents) {
  scanRoutes(app, ctx, new ScanLogin(ctx, sessions, events));
}
