import type { ServiceHoursDay } from '../../../db/schema/index.js';

/** Ticketz's service hours ({weekday, weekdayEn, startTime, endTime}) as ours: its one shift is our first. */
export function serviceHours(value: unknown): ServiceHoursDay[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((day) => {
    if (!day || typeof day !== 'object') return [];
    const d = day as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && /^\d{2}:\d{2}$/.test(v) ? v : '');
    return [
      {
        weekday: String(d.weekday ?? ''),
        weekdayEn: String(d.weekdayEn ?? ''),
        startTimeA: text(d.startTime),
        endTimeA: text(d.endTime),
        startTimeB: '',
        endTimeB: '',
      },
    ];
  });
}

const channels = new Set(['whatsapp', 'facebook', 'instagram']);

/** Ticketz's channel names that are ours too; anything else (a fork's own) is WhatsApp. */
export const channelOf = (channel: string | null) =>
  channel && channels.has(channel) ? channel : 'whatsapp';

/** Ticketz stores a group's number with or without its @g.us; we store the id alone. */
export const contactNumber = (number: string) => {
  const trimmed = number
    .trim()
    .replace(/@g\.us$/, '')
    .replace(/@s\.whatsapp\.net$/, '');
  return trimmed === '' ? null : trimmed;
};

/** Ticketz's message types as ours (channels/baileys names the same kinds). */
export function mediaTypeOf(type: string | null): string | null {
  switch (type) {
    case null:
    case 'conversation':
    case 'extendedTextMessage':
    case 'chat':
      return null;
    case 'image':
    case 'video':
    case 'audio':
    case 'application':
      return type;
    case 'sticker':
      return 'image';
    case 'ptt':
      return 'audio';
    case 'document':
    case 'documentMessage':
    case 'documentWithCaptionMessage':
      return 'application';
    case 'locationMessage':
    case 'liveLocationMessage':
    case 'location':
      return 'locationMessage';
    case 'vcard':
    case 'multi_vcard':
    case 'contactMessage':
    case 'contactsArrayMessage':
      return 'contactMessage';
    case 'reactionMessage':
    case 'call_log':
      return type;
    default:
      return null;
  }
}

/** Whaticket's ack (1 sent, 2 delivered, 3 read, 4 and 5 played) on our 0–4 scale. */
export const ackOf = (ack: number) => Math.min(Math.max(ack, 0), 4);

export const iso = (date: Date | string | null | undefined) =>
  date === null || date === undefined ? null : new Date(date).toISOString();
