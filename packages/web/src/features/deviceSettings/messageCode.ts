import { messages, type MessageCode } from '@edge/protocol';

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(messages, code);
