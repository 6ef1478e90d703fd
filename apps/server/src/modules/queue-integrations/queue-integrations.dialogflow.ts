import { createHash, createSign } from 'node:crypto';
import type { Config } from '../../config.js';
import { postJson } from '../../platform/outbound/post-json.js';
import { operatorAddresses } from '../../platform/outbound/url-guard.js';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
}

type Settings = Pick<Config, 'googleTokenUrl' | 'dialogflowBaseUrl' | 'integrationTimeoutMs'>;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens live an hour: one per account and endpoint is reused until a minute before it expires. */
const tokens = new Map<string, { token: string; until: number }>();

async function accessToken(settings: Settings, account: ServiceAccount): Promise<string> {
  const key = `${settings.googleTokenUrl} ${account.client_email} ${createHash('sha256').update(account.private_key).digest('hex')}`;
  const cached = tokens.get(key);
  if (cached && cached.until > Date.now()) return cached.token;
  const token = await requestToken(settings, account);
  tokens.set(key, { token: token.value, until: Date.now() + (token.expiresIn - 60) * 1000 });
  return token.value;
}

/** Google's service-account flow: a JWT signed with the account's key, traded for an access token. */
async function requestToken(settings: Settings, account: ServiceAccount) {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({
    iss: account.client_email,
    scope: 'https://www.googleapis.com/auth/dialogflow',
    aud: settings.googleTokenUrl,
    iat: now,
    exp: now + 3600,
  })}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key, 'base64url');
  const answer = await postJson<{ access_token?: string; expires_in?: number }>(
    settings.googleTokenUrl,
    { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${unsigned}.${signature}` },
    { timeoutMs: settings.integrationTimeoutMs, addresses: operatorAddresses, form: true },
  );
  if (!answer.access_token) throw new Error('Google answered no access token');
  return { value: answer.access_token, expiresIn: answer.expires_in ?? 3600 };
}

export interface DetectedIntent {
  replies: string[];
  intent: string;
  /** The agent ended the conversation: the ticket goes back to people. */
  endInteraction: boolean;
}

interface DetectIntentAnswer {
  queryResult?: {
    fulfillmentText?: string;
    fulfillmentMessages?: { text?: { text?: string[] } }[];
    intent?: { displayName?: string; endInteraction?: boolean };
  };
}

/** Dialogflow ES `detectIntent` over REST (v2), one session per ticket. */
export async function detectIntent(
  settings: Settings,
  input: { account: ServiceAccount; projectName: string; language: string; sessionId: string; text: string },
): Promise<DetectedIntent> {
  const token = await accessToken(settings, input.account);
  const session = `projects/${encodeURIComponent(input.projectName)}/agent/sessions/${encodeURIComponent(input.sessionId)}`;
  const answer = await postJson<DetectIntentAnswer>(
    `${settings.dialogflowBaseUrl}/v2/${session}:detectIntent`,
    { queryInput: { text: { text: input.text.slice(0, 256), languageCode: input.language } } },
    {
      timeoutMs: settings.integrationTimeoutMs,
      addresses: operatorAddresses,
      headers: { authorization: `Bearer ${token}` },
    },
  );
  const result = answer.queryResult ?? {};
  const messages = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter(Boolean);
  return {
    replies: messages.length > 0 ? messages : result.fulfillmentText ? [result.fulfillmentText] : [],
    intent: result.intent?.displayName ?? '',
    endInteraction: result.intent?.endInteraction === true,
  };
}
