/** Runs a settings call's handler against the device's configuration (config/) and its live state. */
import { messages, type SectionKey } from '@edge/protocol';
import type { RpcService } from '../devices/index.ts';
import type { ConfigService } from '../deviceConfig/index.ts';
import type { HandlerContext, SettingsHandler } from './handlers/types.ts';

export function deviceSettingsService({ config, rpc }: { config: ConfigService; rpc: RpcService }) {
  const context = (deviceId: string): HandlerContext => ({
    device: config.device(deviceId),
    section: (key) => config.current(deviceId, key),
    rpc,
  });

  return {
    /**
     * `input` is the call's query or body, already checked against its request schema.
     */
    async run(handler: SettingsHandler, input: { id: string }, user: string): Promise<unknown> {
      const ctx = context(input.id);
      switch (handler.kind) {
        case 'read':
          return handler.answer(await config.current(input.id, handler.section), input as never, ctx);
        case 'write': {
          const change = (doc: unknown) => handler.change(doc, input as never, ctx);
          return {
            message: messages.saved,
            section: await config.change(input.id, handler.section, change, user),
          };
        }
        case 'action':
          return handler.run(input as never, { ...ctx, rpc });
      }
    },

    state: (deviceId: string, section?: SectionKey) => config.state(deviceId, section),
  };
}

export type DeviceSettingsService = ReturnType<typeof deviceSettingsService>;
