/**
 * Recovery on the console's host when its address lists shut everyone out (an ACL saved without the
 * operator's address, a proxy whose address changed): turns both lists off and clears every sign-in
 * lock-out, straight in the store. The entries stay, to be corrected and the lists enabled again. Running
 * consoles see it within the lists' cache time (acl/service.ts).
 */
import { aclLists } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { keyValueStore } from '../db/key-value.ts';
import { enabledKey } from './service.ts';

export async function unlockConsole(
  db: Db,
  now = Date.now(),
): Promise<{ listsDisabled: string[]; lockoutsCleared: number }> {
  const settings = keyValueStore(db);
  const listsDisabled: string[] = [];
  for (const list of aclLists) {
    if (await settings.get<boolean>(enabledKey(list))) listsDisabled.push(list);
    await settings.put(enabledKey(list), false, now);
  }
  const cleared = await db.deleteFrom('login_failures').executeTakeFirst();
  return { listsDisabled, lockoutsCleared: Number(cleared.numDeletedRows) };
}
