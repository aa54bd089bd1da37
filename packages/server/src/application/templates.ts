/**
 * Container templates (SPEC 3), the app store's catalogue: create, edit, delete, and import of a template
 * file (portainer.ts). An app name is a template's key; a registry it names must exist.
 */
import type { z } from 'zod';
import { messages, templateInput, type TemplateView } from '@edge/protocol';
import { fail } from '../http/errors.ts';
import type { ApplicationStore, TemplateFields } from './store.ts';
import { parseTemplateFile } from './portainer.ts';

type TemplateInput = z.output<typeof templateInput>;

export function templateService(store: ApplicationStore) {
  async function existing(id: number): Promise<TemplateView> {
    const template = await store.template(id);
    if (!template) throw fail(404, 'notFound');
    return template;
  }

  async function checked(input: TemplateInput, except?: number): Promise<TemplateFields> {
    const other = await store.templateIdByName(input.appName);
    if (other !== undefined && other !== except) throw fail(409, 'templateNameTaken');
    if (input.registryId !== null && !(await store.registry(input.registryId))) throw fail(404, 'notFound');
    return input;
  }

  return {
    list: (search: string, category: string) => store.templates(search, category),
    get: existing,

    async create(input: TemplateInput): Promise<TemplateView> {
      return existing(await store.createTemplate(await checked(input), Date.now()));
    },

    async edit(id: number, input: TemplateInput): Promise<TemplateView> {
      await existing(id);
      await store.updateTemplate(id, await checked(input, id), Date.now());
      return existing(id);
    },

    async remove(id: number): Promise<void> {
      await existing(id);
      await store.deleteTemplate(id);
    },

    /** Adds the file's templates; those that cannot be taken are answered with why. */
    async import(content: string) {
      let parsed;
      try {
        parsed = parseTemplateFile(content);
      } catch {
        throw fail(400, 'templateImportInvalid');
      }
      const registries = await store.registries();
      const skipped = [...parsed.skipped];
      let imported = 0;
      for (const { title, input, registryAddress } of parsed.templates) {
        const registry = registryAddress && registries.find((r) => r.server_address === registryAddress);
        const candidate = templateInput.safeParse({
          ...input,
          registryId: registry ? registry.id : null,
          // A registry the console does not know stays in the image's name, where the engine finds it.
          imageName: registryAddress && !registry ? `${registryAddress}/${input.imageName}` : input.imageName,
        });
        if (!candidate.success) {
          skipped.push({ title, reason: candidate.error.issues[0]?.message ?? messages.invalidRequest });
          continue;
        }
        if ((await store.templateIdByName(candidate.data.appName)) !== undefined) {
          skipped.push({ title, reason: messages.templateNameTaken });
          continue;
        }
        await store.createTemplate(candidate.data, Date.now());
        imported++;
      }
      return { imported, skipped };
    },
  };
}
export type TemplateService = ReturnType<typeof templateService>;
