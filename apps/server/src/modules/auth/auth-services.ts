import type { AppContext } from '../../app-context';
import type { ServerKeys } from '../../platform/server-keys';
import { SessionStore } from '../../platform/sessions';
import { Captchas } from './captcha';
import { ChangeTickets } from './change-tickets';
import { Credentials } from './credentials';
import { ServerRandoms } from './server-randoms';

/** What the identity routes share, built once per app. */
export interface AuthServices {
  ctx: AppContext;
  keys: ServerKeys;
  sessions: SessionStore;
  captchas: Captchas;
  randoms: ServerRandoms;
  credentials: Credentials;
  changeTickets: ChangeTickets;
}

export function createAuthServices(ctx: AppContext, keys: ServerKeys): AuthServices {
  return {
    ctx,
    keys,
    sessions: new SessionStore(ctx),
    captchas: new Captchas(ctx),
    randoms: new ServerRandoms(ctx),
    credentials: new Credentials(ctx),
    changeTickets: new ChangeTickets(ctx),
  };
}
