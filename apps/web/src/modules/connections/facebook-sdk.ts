import type { facebookSdkSettings } from '@balcao/shared';
import type { z } from 'zod';

type SdkSettings = z.infer<typeof facebookSdkSettings>;

/** The part of Facebook's JavaScript SDK this app uses (developers.facebook.com/docs/javascript). */
interface LoginResponse {
  status: string;
  authResponse: { accessToken: string; userID: string } | null;
}
export interface FacebookSdk {
  init(options: { appId: string; version: string; cookie?: boolean; xfbml?: boolean }): void;
  login(callback: (response: LoginResponse) => void, options: { scope: string }): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

/** Protocols §3.5: what the pages' connections need; Instagram's two only when the plan offers it. */
const PAGE_SCOPES = ['pages_show_list', 'pages_messaging', 'pages_manage_metadata', 'pages_read_engagement'];
const INSTAGRAM_SCOPES = ['instagram_basic', 'instagram_manage_messages'];

let loading: Promise<FacebookSdk> | null = null;

/**
 * Loads the SDK once per page from the configured address and initialises it with the app id. A
 * blocked script (an ad blocker, no network) rejects, and the next attempt loads it again.
 */
export function loadFacebookSdk(settings: SdkSettings): Promise<FacebookSdk> {
  loading ??= new Promise<FacebookSdk>((resolve, reject) => {
    const ready = () => {
      const sdk = window.FB;
      if (!sdk) return reject(new Error('The Facebook SDK did not start'));
      sdk.init({ appId: settings.appId, version: settings.version, cookie: false, xfbml: false });
      resolve(sdk);
    };
    // The SDK calls this once it has defined window.FB.
    window.fbAsyncInit = ready;
    const script = document.createElement('script');
    script.src = settings.sdkUrl;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      script.remove();
      reject(new Error('The Facebook SDK could not be loaded'));
    };
    document.body.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Facebook's login popup; must run in the click's own turn, or browsers block the popup. Answers
 * the user's short-lived token, or null when the person closed the popup or refused.
 */
export function facebookLogin(sdk: FacebookSdk, instagram: boolean) {
  const scope = [...PAGE_SCOPES, ...(instagram ? INSTAGRAM_SCOPES : [])].join(',');
  return new Promise<{ facebookUserId: string; facebookUserToken: string } | null>((resolve) => {
    sdk.login(
      (response) =>
        resolve(
          response.authResponse
            ? {
                facebookUserId: response.authResponse.userID,
                facebookUserToken: response.authResponse.accessToken,
              }
            : null,
        ),
      { scope },
    );
  });
}
