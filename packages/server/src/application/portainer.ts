/**
 * Template files: this console's own export ({version: 'edge-1', templates: [...]} or a bare list) and
 * Portainer's app-template format, versions 2 and 3, so existing catalogues can be imported. Portainer's
 * container templates (type 1) become SPEC 3 templates; stacks (types 2 and 3) have no such shape and are
 * skipped with the reason said.
 */
import { splitImageReference, templateInput, type TemplateInput } from '@edge/protocol';

export interface ParsedTemplates {
  templates: { title: string; input: TemplateInput; registryAddress?: string }[];
  skipped: { title: string; reason: string }[];
}

interface PortainerEnv {
  name?: string;
  default?: string;
  preset?: boolean;
  select?: { value?: string; default?: boolean }[];
}

interface PortainerTemplate {
  type?: number;
  title?: string;
  name?: string;
  description?: string;
  image?: string;
  registry?: string;
  logo?: string;
  categories?: string[];
  ports?: string[];
  env?: PortainerEnv[];
  volumes?: { container?: string; bind?: string }[];
}

/** A name the engine takes from a title ("Node-RED 3" -> "Node-RED-3"). */
const appNameOf = (title: string) =>
  title
    .replace(/[^A-Za-z0-9_.-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 63);

/** "8080:80/tcp" -> host 8080, container 80; "80/udp" binds the same port on the host. */
function portOf(text: string) {
  const [mapping, protocol] = text.split('/');
  const parts = mapping!.split(':');
  const containerPort = Number(parts[parts.length - 1]);
  const hostPort = parts.length > 1 ? Number(parts[parts.length - 2]) : containerPort;
  return { hostPort, containerPort, protocol: protocol === 'udp' ? ('udp' as const) : ('tcp' as const) };
}

function fromPortainer(t: PortainerTemplate): { input: TemplateInput; registryAddress?: string } {
  const title = t.title ?? t.name ?? '';
  const appName = appNameOf(t.name || title);
  const image = splitImageReference(t.image ?? '');
  const registryAddress = t.registry || image.registry;
  return {
    registryAddress,
    input: {
      appName,
      description: (t.description ?? '').slice(0, 1000),
      imageName: image.name,
      tag: image.tag,
      icon: t.logo ?? '',
      category: t.categories?.[0]?.slice(0, 64) ?? '',
      ports: (t.ports ?? []).map(portOf),
      env: (t.env ?? [])
        .filter((e) => e.name)
        .map((e) => ({
          name: e.name!,
          value: e.default ?? e.select?.find((s) => s.default)?.value ?? e.select?.[0]?.value ?? '',
        })),
      volumes: (t.volumes ?? [])
        .filter((v) => v.container)
        .map((v, i) => ({
          name: `${appName}-data${i ? `-${i}` : ''}`.toLowerCase().slice(0, 64),
          containerPath: v.container!,
        })),
    },
  };
}

/** Reads a template file; throws when it is none of the formats. */
export function parseTemplateFile(content: string): ParsedTemplates {
  const data = JSON.parse(content) as unknown;
  const out: ParsedTemplates = { templates: [], skipped: [] };
  const take = (title: string, input: TemplateInput, registryAddress?: string) => {
    const checked = templateInput.safeParse(input);
    if (checked.success) out.templates.push({ title, input, registryAddress });
    else out.skipped.push({ title, reason: checked.error.issues[0]?.message ?? 'invalid' });
  };
  const record = data as { version?: unknown; templates?: unknown };
  if (Array.isArray(data) || record.version === 'edge-1') {
    const list = (Array.isArray(data) ? data : record.templates) as TemplateInput[];
    if (!Array.isArray(list)) throw new Error('no templates');
    for (const t of list) take(String(t?.appName ?? ''), { ...t, registryId: null });
    return out;
  }
  if ((record.version === '2' || record.version === '3') && Array.isArray(record.templates)) {
    for (const t of record.templates as PortainerTemplate[]) {
      const title = t.title ?? t.name ?? '';
      if ((t.type ?? 1) !== 1) {
        out.skipped.push({ title, reason: 'Stack templates cannot be imported as container templates.' });
        continue;
      }
      const { input, registryAddress } = fromPortainer(t);
      take(title, input, registryAddress);
    }
    return out;
  }
  throw new Error('unknown format');
}
