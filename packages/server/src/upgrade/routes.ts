/** Software upgrade's API (declared in protocol endpoints/upgrade.ts). */
import type { FastifyInstance } from 'fastify';
import {
  DEVICE_IMAGE_MAX_BYTES,
  LOGO_MAX_BYTES,
  RELEASE_FEED_MAX_BYTES,
  endpoints,
  messages,
} from '@edge/protocol';
import type { Core } from '../modules/module.ts';
import { fail } from '../http/errors.ts';
import { serve } from '../http/serve.ts';
import { readUpload } from '../uploads/http.ts';
import type { ConsoleRelease } from './console-release.ts';
import type { DeviceImages } from './device-images.ts';

const { upgrade: declared } = endpoints;

/** SPEC 9 logo types, told by their first bytes rather than by the name the browser gave. */
function logoType(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/svg+xml' {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 1024).toString('utf8').trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml';
  throw fail(400, 'upgradeLogoType');
}

export function upgradeRoutes(release: ConsoleRelease, images: DeviceImages, rpc: Core['rpc']) {
  return async (app: FastifyInstance) => {
    serve(app, declared.info, () => release.info());
    serve(app, declared.saveSettings, (request) => release.saveSettings(request.body));
    serve(app, declared.check, () => release.check());
    serve(app, declared.stage, () => release.stage());
    serve(app, declared.uploadFeed, async (request) =>
      release.uploadFeed(await readUpload(request, RELEASE_FEED_MAX_BYTES)),
    );
    serve(app, declared.images, () => images.list());
    serve(app, declared.uploadImage, async (request) =>
      images.upload(await readUpload(request, DEVICE_IMAGE_MAX_BYTES), request.identity!.userName),
    );
    serve(app, declared.removeImage, async (request) => {
      await images.remove(request.body.id);
      return { message: messages.upgradeImageDeleted };
    });
    serve(app, declared.rollout, (request) => images.rollout(request.body, request.identity!.userName));
    serve(app, declared.versions, () => images.versions());
    serve(app, declared.deviceDownload, async (request, reply) => {
      const bytes = await images.fetchByToken(request.query.token);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'no-store')
        .send(bytes);
    });
    serve(app, declared.showLogo, (request) => rpc.call(request.query.id, 'getLogo', {}));
    serve(app, declared.uploadLogo, async (request) => {
      const bytes = await readUpload(request, LOGO_MAX_BYTES);
      await rpc.call(request.query.id, 'setLogo', {
        contentType: logoType(bytes),
        data: bytes.toString('base64'),
      });
      return { message: messages.upgradeLogoUploaded };
    });
    serve(app, declared.clearLogo, async (request) => {
      await rpc.call(request.query.id, 'clearLogo', {});
      return { message: messages.upgradeLogoCleared };
    });
  };
}
