/**
 * Provision (SPEC 2): devices waiting in Discovery, adopting them, and the provisioning list whose serials
 * are adopted as soon as they enrol. The enrolment service of the devices feature does the work; this
 * feature checks the operator's input and presents the results.
 */
import {
  ApiFailure,
  PROVISION_CLAIM_COLUMN,
  messages,
  type AdoptRequest,
  type AdoptedConflictListResponse,
  type ConflictDismissRequest,
  type AdoptResponse,
  type DiscoveryListResponse,
  type DiscoveryRemoveRequest,
  type DiscoveryRemoveResponse,
  type EnrolSecretResponse,
  type ProvisionListResponse,
  type ProvisionUploadResponse,
} from '@edge/protocol';
import { fail } from '../http/errors.ts';
import type { DeviceServices, DiscoveryDevice } from '../devices/index.ts';
import type { InventoryService } from '../inventory/service.ts';
import type { TemplateService } from '../profiles/templates.ts';
import { parseProvisionCsv, toCsv } from './csv.ts';

export interface ProvisionDeps {
  devices: DeviceServices['devices'];
  enrolment: DeviceServices['enrolment'];
  inventory: InventoryService;
  /** A profile named at adoption or in the CSV must be a profile template's (it is applied on adoption). */
  templates: Pick<TemplateService, 'checkNames'>;
}

export const DISCOVERY_CSV_HEADER = [
  'serial',
  'name',
  'group',
  'profile',
  'ip',
  'ifaceName',
  'mac',
  'model',
  'firmware',
  // Empty: filled in from the device labels, so the uploaded file adopts (protocol/src/provision.ts).
  PROVISION_CLAIM_COLUMN,
] as const;

const matches = (d: DiscoveryDevice, needle: string) =>
  d.sn.toLowerCase().includes(needle) ||
  d.name.toLowerCase().includes(needle) ||
  d.IP.includes(needle) ||
  d.mac.toLowerCase().includes(needle);

export function provisionService(deps: ProvisionDeps) {
  const { enrolment, devices, inventory, templates } = deps;

  const service = {
    async discovery(search?: string): Promise<DiscoveryListResponse> {
      const needle = search?.trim().toLowerCase() ?? '';
      const list = (await enrolment.listDiscovery()).filter((d) => !needle || matches(d, needle));
      return { list, totalNumber: list.length };
    },

    async adopt(request: AdoptRequest): Promise<AdoptResponse> {
      if (
        request.groupId !== undefined &&
        request.groupId !== null &&
        !(await devices.groups.get(request.groupId))
      )
        throw fail(400, 'groupNotFound');
      await templates.checkNames([request.profile]);
      try {
        const view = await enrolment.adopt(request.id, {
          ...(request.name !== undefined && { name: request.name }),
          ...(request.groupId !== undefined && { groupId: request.groupId }),
          ...(request.profile !== undefined && { profile: request.profile }),
        });
        const [device] = await inventory.rows([view.id]);
        return { message: messages.deviceAdopted, device: device! };
      } catch (err) {
        if (err instanceof ApiFailure && err.statusCode === 404) throw fail(404, 'deviceNotFound');
        throw err;
      }
    },

    async upload(file: Buffer): Promise<ProvisionUploadResponse> {
      const entries = parseProvisionCsv(file);
      await templates.checkNames(entries.map((e) => e.profile));
      const { provisioned, adopted } = await enrolment.provision(entries);
      return { message: messages.provisionUploaded, provisioned, adopted };
    },

    async conflicts(): Promise<AdoptedConflictListResponse> {
      return { list: await enrolment.listAdoptedConflicts() };
    },

    async dismissConflict({ id }: ConflictDismissRequest): Promise<{ message: string }> {
      if (!(await enrolment.dismissConflict(id))) throw fail(404, 'deviceNotFound');
      return { message: messages.conflictDismissed };
    },

    async list(): Promise<ProvisionListResponse> {
      const list = (await enrolment.listProvisioned()).map((e) => ({
        serial: e.serial,
        name: e.name ?? '',
        group: e.group ?? '',
        profile: e.profile ?? '',
        hasClaimCode: e.hasClaimCode,
      }));
      return { list, totalNumber: list.length };
    },

    async remove(serial: string): Promise<void> {
      const listed = (await enrolment.listProvisioned()).some((e) => e.serial === serial);
      if (!listed) throw fail(404, 'provisionNotListed');
      await enrolment.unprovision(serial);
    },

    /** Removes waiting devices from Discovery: the ones named (unknown or adopted ids are skipped), or all. */
    async removeDiscovery(request: DiscoveryRemoveRequest): Promise<DiscoveryRemoveResponse> {
      const removed = await enrolment.removePending('all' in request ? 'all' : request.ids);
      return { message: messages.discoveryRemoved, removed };
    },

    enrolSecret: (): Promise<EnrolSecretResponse> => enrolment.enrolSecret(),

    async rotateEnrolSecret(): Promise<EnrolSecretResponse> {
      return { ...(await enrolment.rotateEnrolSecret()), message: messages.enrolSecretRotated };
    },

    /** Waiting agents repeat their request every 10 s on their own: a re-discover is a fresh look at the list. */
    rediscover: async () => ({ ...(await service.discovery()), message: messages.discoveryRefreshed }),

    async discoveryCsv(): Promise<string> {
      const { list } = await service.discovery();
      return toCsv(
        DISCOVERY_CSV_HEADER,
        list.map((d) => [
          d.sn,
          d.name,
          d.group,
          d.profile,
          d.IP,
          d.ifaceName,
          d.mac,
          d.model,
          d.firmware,
          '',
        ]),
      );
    },
  };
  return service;
}

export type ProvisionService = ReturnType<typeof provisionService>;
