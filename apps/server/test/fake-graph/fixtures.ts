/**
 * Webhook payloads of protocols.md §2.3, §3.1 and §4.1, built with the ids a test chooses. The
 * shapes are Meta's documented samples.
 */
export const PHONE_NUMBER_ID = '106540352242922';
export const PAGE_ID = '1234567890';
export const IG_ACCOUNT_ID = '17841400000000000';

let counter = 0;
export const uniqueId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The Cloud API envelope around messages or statuses of one phone number. */
export function cloudEnvelope(
  value: { messages?: object[]; statuses?: object[]; contacts?: object[] },
  phoneNumberId = PHONE_NUMBER_ID,
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** One customer message; `content` is the type-specific part, e.g. `{type:'text', text:{body}}`. */
export function cloudMessage(
  from: string,
  content: object,
  options: { id?: string; name?: string; phoneNumberId?: string } = {},
) {
  const id = options.id ?? uniqueId('wamid.IN');
  return {
    id,
    payload: cloudEnvelope(
      {
        contacts: [{ profile: { name: options.name ?? 'Sheena Nelson' }, wa_id: from }],
        messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), ...content }],
      },
      options.phoneNumberId,
    ),
  };
}

export const cloudText = (body: string) => ({ type: 'text', text: { body } });

export function cloudStatus(
  id: string,
  status: string,
  errorCode?: number,
  phoneNumberId = PHONE_NUMBER_ID,
  /** The send's `biz_opaque_callback_data`, which Meta echoes in each of its statuses. */
  callbackData?: string,
) {
  return cloudEnvelope(
    {
      statuses: [
        {
          id,
          status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: '16505551234',
          ...(callbackData ? { biz_opaque_callback_data: callbackData } : {}),
          ...(errorCode
            ? {
                errors: [
                  { code: errorCode, title: 'Re-engagement message', message: 'Re-engagement message' },
                ],
              }
            : {}),
        },
      ],
    },
    phoneNumberId,
  );
}

/** A Messenger (`page`) or Instagram delivery of messaging events for one page or account. */
export function messagingEnvelope(object: 'page' | 'instagram', events: object[], entryId?: string) {
  return {
    object,
    entry: [
      { id: entryId ?? (object === 'page' ? PAGE_ID : IG_ACCOUNT_ID), time: Date.now(), messaging: events },
    ],
  };
}

export function messagingMessage(sender: string, recipient: string, message: object) {
  return { sender: { id: sender }, recipient: { id: recipient }, timestamp: Date.now(), message };
}
