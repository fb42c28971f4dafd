import { queryOptions } from '@tanstack/react-query';
import { templatesApi, type TemplateField, type TemplateRecord } from '@portal/shared';
import { http } from '../../../lib/http';
import { instructionsKey } from './instructions';

/** The template (and approved version) an instruction is made from, with what it locks. */
export interface TemplateSource {
  id: number;
  revision: number;
  name: string;
  locked: TemplateField[];
}

export const sourceOf = (t: TemplateRecord): TemplateSource => ({ id: t.id, revision: t.revision, name: t.name, locked: t.locked });

/** The enterprise's effective templates, for 从模板新建 (the template contract's usable view, first 100). */
export const usableTemplatesQuery = queryOptions({
  queryKey: [...instructionsKey, 'templates', 'usable'],
  queryFn: async () => (await http.call(templatesApi.templateQuery, { view: 'usable', limit: 100 })).records,
  staleTime: 0,
});

/** The version an instruction being edited was made from: its locks, from the template's history. */
export const templateVersionQuery = (id: number, revision: number) =>
  queryOptions({
    queryKey: [...instructionsKey, 'templates', id, revision],
    queryFn: async (): Promise<TemplateSource | null> => {
      const version = (await http.call(templatesApi.templateDetail, { id })).history.find((h) => h.revision === revision);
      return version ? { id, revision, name: version.name, locked: version.locked } : null;
    },
  });
