/** The Messages app's calls (protocol endpoints/messages.ts): messages, read state, event rules. */
import { endpoints, type MessageListQuery } from '@edge/protocol';
import { queryKeys, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

const { messages } = endpoints;
export const messagesKey = queryKeys.feature('messages');
const changed = { invalidates: [messagesKey] };

export const useMessages = (query: Partial<MessageListQuery>) => useEndpointQuery(messages.list, query);
export const useMarkRead = () => useEndpointMutation(messages.markRead, changed);

export const useRules = () => useEndpointQuery(messages.rulesList, undefined, { select: (r) => r.list });
export const useAddRule = () => useEndpointMutation(messages.ruleAdd, changed);
export const useEditRule = () => useEndpointMutation(messages.ruleEdit, changed);
export const useDeleteRule = () =>
  useEndpointMutation(messages.ruleRemove, { ...changed, toInput: (id: number) => ({ id }) });
