import {
  type Channel,
  channelChangesSentMessages,
  MESSAGE_EDIT_WINDOW_MS,
  type Message,
} from '@balcao/shared';

/**
 * The same rules the server enforces (spec 000 §4), so the menu offers only what will be accepted:
 * the sender's own message, and, once the customer has it, only on a channel that can change it.
 */
const isSenders = (message: Message, userId: number, channel: Channel) =>
  message.fromMe &&
  message.userId === userId &&
  !message.isDeleted &&
  (message.isPrivate || channelChangesSentMessages(channel));

export const canDelete = isSenders;

export function canEdit(message: Message, userId: number, now: number, channel: Channel): boolean {
  return isSenders(message, userId, channel) && now - Date.parse(message.updatedAt) <= MESSAGE_EDIT_WINDOW_MS;
}

/** Private notes stay in the company and a deleted message is gone: neither is forwarded or quoted. */
/** A file not (or never) received and the trace of a message that could not be shown have nothing to send. */
export const canForward = (message: Message) =>
  !message.isPrivate &&
  !message.isDeleted &&
  !message.mediaStatus &&
  message.mediaType !== 'unsupportedMessage' &&
  message.mediaType !== 'systemMessage';
export const canReply = (message: Message) => !message.isDeleted;

/** Each emoji once with how many chose it; choosing one's own again takes it back. */
export function groupReactions(reactions: Message['reactions'], userId: number) {
  const groups = new Map<string, { emoji: string; count: number; mine: boolean }>();
  for (const { emoji, userId: by } of reactions ?? []) {
    const group = groups.get(emoji) ?? { emoji, count: 0, mine: false };
    groups.set(emoji, { emoji, count: group.count + 1, mine: group.mine || by === userId });
  }
  return [...groups.values()];
}
