/**
 * The error catalogue: every code the server may answer with, and its HTTP status.
 * Codes from the spec (000 §8) keep their names; ours follow the same style.
 * The web looks each code up under `errors.<code>` in every locale (a test checks all four).
 */
export const errorStatus = {
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_OUT_OF_HOURS: 403,
  ERROR_TICKET_OPEN: 409,
  // Ours.
  ERR_VALIDATION: 400,
  ERR_NOT_FOUND: 404,
  ERR_TOKEN_EXPIRED: 403,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_TOO_MANY_ATTEMPTS: 429,
  ERR_TOO_MANY_REQUESTS: 429,
  /** Password recovery: the code is wrong, spent, expired, or was never sent (the same answer for each). */
  ERR_INVALID_RECOVERY_CODE: 400,
  /** Password recovery: the proof of the code is unknown, already used or expired; ask for a new code. */
  ERR_INVALID_RECOVERY_TOKEN: 400,
  /** Password recovery by e-mail asked of a server that has no SMTP server configured. */
  ERR_RECOVERY_EMAIL_DISABLED: 400,
  ERR_EMAIL_ALREADY_EXISTS: 409,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_PLAN_FEATURE_DISABLED: 403,
  ERR_PLAN_USER_LIMIT: 403,
  ERR_PLAN_CONNECTION_LIMIT: 403,
  ERR_PLAN_QUEUE_LIMIT: 403,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_QUEUE_NAME_ALREADY_EXISTS: 409,
  ERR_TAG_REQUIRED: 400,
  ERR_NO_TAG_FOUND: 404,
  ERR_TAG_ALREADY_EXISTS: 409,
  ERR_NO_QUICK_MESSAGE_FOUND: 404,
  ERR_NO_SCHEDULE_FOUND: 404,
  /** No internal chat by that id in the caller's company that the caller belongs to. */
  ERR_NO_CHAT_FOUND: 404,
  /** Spec 000 §5: a sent schedule cannot be saved again. */
  ERR_SCHEDULE_ALREADY_SENT: 409,
  ERR_FILE_TOO_LARGE: 413,
  ERR_FILE_TYPE_NOT_ALLOWED: 415,
  /** The media storage has no room left (a full disk): nothing of the upload was kept. */
  ERR_STORAGE_FULL: 507,
  ERR_NO_MEDIA_FOUND: 404,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_NO_MESSAGE_FOUND: 404,
  /** Deleted, or past the 15 minutes after its last update in which the sender may edit it. */
  ERR_MESSAGE_NOT_EDITABLE: 400,
  /** The Cloud API, Messenger and Instagram cannot edit or delete a message the customer already has. */
  ERR_CHANNEL_CANNOT_CHANGE_MESSAGE: 400,
  /** Not an xlsx workbook, or one that cannot be read to its end. */
  ERR_INVALID_SPREADSHEET: 400,
  /** The first sheet's header row lacks the name or number column. */
  ERR_SPREADSHEET_COLUMNS: 400,
  /** The workbook would unpack to more than an import reads (size, parts or compression ratio). */
  ERR_SPREADSHEET_TOO_LARGE: 413,
  /** More contact rows than one import takes (CONTACT_SHEET_MAX_ROWS). */
  ERR_SPREADSHEET_TOO_MANY_ROWS: 413,
  /** A cell (or any text of the workbook) longer than the 32,767 characters a spreadsheet cell holds. */
  ERR_SPREADSHEET_CELL_TOO_LONG: 400,
  ERR_NO_CAMPAIGN_FOUND: 404,
  /** Spec 001 §2: a campaign is read-only unless INATIVA, CANCELADA or PROGRAMADA more than an hour ahead. */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** Stop only while EM_ANDAMENTO, restart only when CANCELADA, delete never while EM_ANDAMENTO. */
  ERR_CAMPAIGN_STATUS: 409,
  /** A campaign needs at least one connection of the company, and something to send. */
  ERR_CAMPAIGN_INCOMPLETE: 400,
  /** A campaign's template is sent only on WhatsApp Cloud API connections, and it has none. */
  ERR_CAMPAIGN_TEMPLATE_CHANNEL: 400,
  ERR_NO_CONTACT_LIST_FOUND: 404,
  ERR_NO_CONTACT_LIST_ITEM_FOUND: 404,
  /** The list already holds an item with that number. */
  ERR_DUPLICATED_LIST_ITEM: 409,
  /** Issue 23 (companies and plans): a company name is unique, case aside. */
  ERR_COMPANY_ALREADY_EXISTS: 409,
  ERR_PLAN_ALREADY_EXISTS: 409,
  /** A plan some company is on cannot be deleted: move the companies first. */
  ERR_PLAN_IN_USE: 409,
  /** The platform company (the super user's own) cannot be deleted or switched off. */
  ERR_PLATFORM_COMPANY: 409,
  ERR_NO_INTEGRATION_FOUND: 404,
  ERR_NO_FILE_LIST_FOUND: 404,
  ERR_NO_PROMPT_FOUND: 404,
  ERR_NO_PLANTAO_FOUND: 404,
  /** testSession: the service refused the credentials or could not be reached. */
  ERR_INTEGRATION_TEST_FAILED: 400,
  /** A webhook, n8n or Typebot URL that leads into the server's own network (loopback, private, link-local). */
  ERR_PRIVATE_ADDRESS: 400,
  /** A Meta webhook whose X-Hub-Signature-256 does not match its body under the app secret. */
  ERR_INVALID_SIGNATURE: 401,
  /** Meta refused a free-form message: the customer's last message is more than 24 hours old. */
  ERR_OUTSIDE_WINDOW: 400,
  /** The channel refused the connection's token (expired or revoked): reconnect it. */
  ERR_CHANNEL_AUTH: 400,
  /** The channel cannot reach this customer (not on the channel, blocked, unknown id). */
  ERR_RECIPIENT_UNAVAILABLE: 400,
  /** A message's failure reason: an attendant cancelled its send while it waited or was being retried. */
  ERR_SEND_CANCELLED: 409,
  /**
   * A campaign shipping's failure reason: its send started but its outcome never came back (the channel
   * timed out, or the process sending it died). It may have reached the recipient, so it is not sent again.
   */
  ERR_SEND_UNKNOWN: 504,
  /** A campaign shipping's failure reason: none of the campaign's connections could send for 30 minutes. */
  ERR_CAMPAIGN_CONNECTION_DOWN: 503,
  /** The send is no longer waiting (in flight, of unknown outcome, sent, failed or cancelled): it cannot be cancelled. */
  ERR_MESSAGE_NOT_CANCELLABLE: 409,
  /** A received file the channel no longer serves (it answered 404, or no longer knows the media id). */
  ERR_MEDIA_EXPIRED: 410,
  /** A received file the channel kept failing to hand over, through every retry. */
  ERR_MEDIA_DOWNLOAD_FAILED: 502,
  /** A file of a message imported from Ticketz that was not copied (no --media, or missing there). */
  ERR_MEDIA_NOT_IMPORTED: 404,
  /** The Cloud API connection's WhatsApp Business Account id, which lists its templates, is missing or unknown to Meta. */
  ERR_NO_WABA_ID: 400,
  /** Meta knows no approved template of this name and language (Cloud API error 132001). */
  ERR_TEMPLATE_NOT_FOUND: 404,
  /** The template's variables and the values given do not match (Cloud API error 132000). */
  ERR_TEMPLATE_PARAMS: 400,
  /** The Meta login of POST /facebook could not be exchanged for page tokens. */
  ERR_FACEBOOK_LOGIN: 400,
  /** POST /api/messages/send: the bearer is not a connection's token (the token on the Connections page). */
  ERR_INVALID_API_TOKEN: 401,
  /** Meta did not let the token read the phone number, page or Instagram account it was given for (or the token is invalid). */
  ERR_META_ASSET_ACCESS: 400,
  /** The phone number, page or Instagram account is already another connection's, in this or another company. */
  ERR_META_ASSET_TAKEN: 409,
  /** Meta could not be asked whether the token may use the account (unreachable, or its own trouble): try again. */
  ERR_META_UNREACHABLE: 502,
  /** A two-factor code (authenticator or recovery) that is wrong, already used, or out of its time window. */
  ERR_INVALID_2FA_CODE: 400,
  /** The company requires two-factor sign-in of admins and this admin has not enrolled yet. */
  ERR_2FA_REQUIRED: 403,
  /** Two-factor sign-in is already on for this user: disable it before setting it up again. */
  ERR_2FA_ALREADY_ENABLED: 409,
  /** Two-factor sign-in is not on for this user. */
  ERR_2FA_NOT_ENABLED: 409,
  /** Issue 23 (announcements and helps). */
  ERR_NO_ANNOUNCEMENT_FOUND: 404,
  ERR_NO_HELP_FOUND: 404,
  /** Another help video already has this title. */
  ERR_HELP_TITLE_TAKEN: 409,
  ERR_INTERNAL: 500,
  /** The database is restarting or unreachable: nothing was kept, try again after Retry-After. */
  ERR_DATABASE_UNAVAILABLE: 503,
  /** Billing (issue 23): no invoice of that id in the caller's company. */
  ERR_NO_INVOICE_FOUND: 404,
  ERR_INVOICE_ALREADY_PAID: 409,
  /** The operator has not configured the Pix provider (PIX_* settings). */
  ERR_PIX_NOT_CONFIGURED: 503,
  /** The Pix provider refused or did not answer; the charge can be asked for again. */
  ERR_PIX_PROVIDER: 502,
  /** Importing from Ticketz on the companies screen: the operator has not set IMPORT_DATABASE_HOSTS. */
  ERR_IMPORT_DISABLED: 503,
  /** The Ticketz database's address is not a postgres:// URL of the accepted shape (docs/decisions.md). */
  ERR_IMPORT_BAD_URL: 400,
  /** The Ticketz database's host is not among the operator's IMPORT_DATABASE_HOSTS. */
  ERR_IMPORT_HOST_NOT_ALLOWED: 400,
  /** The Ticketz database refused the sign-in, does not exist, or did not answer in time. */
  ERR_IMPORT_CANNOT_CONNECT: 502,
  /** The database answered but has no Ticketz tables. */
  ERR_IMPORT_NOT_TICKETZ: 400,
  /** An import of that Ticketz company is already running. */
  ERR_IMPORT_RUNNING: 409,
  /** An import stopped on an error of its own (logged); what it committed stays, and starting it again goes on. */
  ERR_IMPORT_FAILED: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/**
 * The body of every error answer. `fields` maps a field path to a validation message key; `details`
 * carries what a code's dialog shows (e.g. who holds a ticket, `ticketHolderSchema`).
 */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}
