import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { templateRoutes } from './templates.routes';
import { TemplateDesk } from './templates.service';

export { checkTemplateUse, type TemplateUse } from './templates.service';

/** 指令模板 (issue 28): the enterprise's instruction templates with locked fields, maker-checker; and the check of an instruction made from one. */
export async function templatesModule(app: FastifyInstance, ctx: AppContext) {
  templateRoutes(app, ctx, new TemplateDesk(ctx));
}
