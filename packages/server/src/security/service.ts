/** Which protections are on, across the access control lists and access tokens. */
import { messages, type SecurityStatus } from '@edge/protocol';
import type { AclService } from '../acl/service.ts';
import type { TokenService } from '../tokens/service.ts';

export function securityService(acl: AclService, tokens: TokenService) {
  return {
    async status(): Promise<SecurityStatus> {
      const lists = await acl.enabled();
      const accessToken = (await tokens.countActive()) > 0;
      const none = !lists.accessControl && !accessToken;
      return { ...lists, accessToken, message: none ? messages.neitherAclNorToken : null };
    },
  };
}
export type SecurityService = ReturnType<typeof securityService>;
